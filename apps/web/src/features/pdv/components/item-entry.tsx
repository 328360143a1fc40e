/**
 * The till's product input, focused by default (F3 brings the focus back). A barcode scanner
 * types digits fast and presses Enter: the exact product is looked up (busca-pdv answers the
 * exact barcode, then the exact code, then names) and added. '3*789…' sets the quantity before
 * the code; '3*' alone sets the selected line's quantity. Typing a name lists products (arrows
 * and Enter pick one), each with its price and stock balance in the unit. With the input empty: ↑/↓ move the selected line, + and - change its
 * quantity, Delete removes it.
 */
import { Kbd, Stack, Text } from '@mantine/core';
import { formatMoney, formatQuantidade } from '@petshop/shared/format';
import type { ProdutoPdv } from '@petshop/shared/produto';
import { forwardRef, useState } from 'react';
import { buscaProdutosPdvQueryOptions } from '../api/list-produtos-pdv.ts';
import { lerEntrada } from '../registro.ts';
import { LeitorProdutoCampo } from '#lib/produtos/leitor-produto-campo.tsx';
import { useLeitorProduto } from '#lib/produtos/use-leitor-produto.ts';

export const ENTRADA_LABEL = 'Código de barras, código ou nome — F3';

type ItemEntryProps = {
  onProduto: (produto: ProdutoPdv, quantidade: number) => string | null;
  onQuantidadeSelecionado: (quantidade: number) => string | null;
  onMoverSelecao: (delta: number) => void;
  onSomarSelecionado: (delta: number) => void;
  onRemoverSelecionado: () => void;
  disabled?: boolean;
};

export const ItemEntry = forwardRef<HTMLInputElement, ItemEntryProps>(function ItemEntry(
  { onProduto, onQuantidadeSelecionado, onMoverSelecao, onSomarSelecionado, onRemoverSelecionado, disabled },
  ref,
) {
  const [ultimo, setUltimo] = useState<string | null>(null);
  const leitor = useLeitorProduto({
    ler: lerEntrada,
    consulta: buscaProdutosPdvQueryOptions,
    onProduto: (produto, quantidade) => {
      const falha = onProduto(produto, quantidade);
      if (!falha) setUltimo(`${produto.nome} — ${formatMoney(produto.precoVenda)}`);
      return falha;
    },
    onSoQuantidade: onQuantidadeSelecionado,
    // The selected line's keys, with the list closed (arrows) or the input empty (+, -, Delete).
    onOutraTecla: (event, vazio) => {
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp':
          event.preventDefault();
          onMoverSelecao(event.key === 'ArrowDown' ? 1 : -1);
          return;
        case '+':
        case '-':
          if (vazio) {
            event.preventDefault();
            onSomarSelecionado(event.key === '+' ? 1 : -1);
          }
          return;
        case 'Delete':
          if (vazio && !event.ctrlKey) {
            event.preventDefault();
            onRemoverSelecionado();
          }
          return;
        default:
      }
    },
  });

  return (
    <LeitorProdutoCampo
      leitor={leitor}
      inputRef={ref}
      label={ENTRADA_LABEL}
      placeholder="Passe o leitor ou digite — 3*código para 3 unidades"
      variante="grande"
      disabled={disabled}
      autoFocus
      ids={{ lista: 'pdv-resultados', opcao: 'pdv-resultado', erro: 'pdv-entrada-erro' }}
      chave={(p) => p.id}
      unidade={(p) => p.unidadeMedida.sigla}
      lado={(p) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(p.precoVenda)}
          </Text>
          {p.estoque !== null ? (
            <Text
              size="xs"
              c={p.estoque > 0 ? 'dimmed' : 'orange.9'}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="pdv-resultado-estoque"
            >
              Estoque: {formatQuantidade(p.estoque, p.unidadeMedida)}
            </Text>
          ) : null}
        </Stack>
      )}
      ajuda={{
        id: 'pdv-entrada-ajuda',
        conteudo: (
          <>
            {ultimo ? `Último: ${ultimo} · ` : ''}
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> item · <Kbd size="xs">+</Kbd> <Kbd size="xs">-</Kbd> quantidade ·{' '}
            <Kbd size="xs">Del</Kbd> remover · <Kbd size="xs">3*</Kbd> quantidade do item
          </>
        ),
      }}
    />
  );
});
