/**
 * The adjustment's scanner field, imitating the till's: a barcode scanner types the digits and
 * Enter, and the product with that exact barcode (or internal code) is added at once — or
 * counted once more. '3*789…' reads 3 units. Typing a name lists the products (↑/↓ and Enter
 * pick one). Lookups run one after another in the order the codes were read and the field is
 * emptied at once, so fast scanning neither mixes two codes nor loses one.
 */
import { Kbd, Text } from '@mantine/core';
import type { PosicaoEstoque } from '@petshop/shared/estoque';
import { formatQuantidade } from '@petshop/shared/format';
import { forwardRef } from 'react';
import { buscaEstoqueQueryOptions } from '../api/list-posicao-estoque.ts';
import { lerLeitura } from '../ajuste-linhas.ts';
import { LeitorProdutoCampo } from '#lib/produtos/leitor-produto-campo.tsx';
import { useLeitorProduto, type LeituraProduto } from '#lib/produtos/use-leitor-produto.ts';

export const LEITOR_LABEL = 'Código de barras, código ou nome';

const ler = (texto: string): LeituraProduto => {
  const leitura = lerLeitura(texto);
  return 'erro' in leitura ? { ok: false, erro: leitura.erro } : { ok: true, ...leitura };
};

type LeitorProdutoProps = {
  /** A product read or picked, with the quantity read ('3*…'); returns an error message or null. */
  onProduto: (produto: PosicaoEstoque, quantidade: number) => string | null;
  /** What the last read did ('Ração X — contado 3 UN'). */
  ultimo: string | null;
  disabled?: boolean;
};

export const LeitorProduto = forwardRef<HTMLInputElement, LeitorProdutoProps>(function LeitorProduto(
  { onProduto, ultimo, disabled },
  ref,
) {
  const leitor = useLeitorProduto({ ler, consulta: buscaEstoqueQueryOptions, onProduto });
  return (
    <LeitorProdutoCampo
      leitor={leitor}
      inputRef={ref}
      label={LEITOR_LABEL}
      placeholder="Passe o leitor ou digite — 3*código para 3 unidades"
      variante="media"
      disabled={disabled}
      autoFocus
      ids={{ lista: 'ajuste-leitor-resultados', opcao: 'ajuste-leitor-resultado', erro: 'ajuste-leitor-erro' }}
      chave={(p) => p.produtoId}
      lado={(p) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatQuantidade(p.quantidade, { sigla: p.unidadeSigla, permiteVendaFracionada: p.permiteVendaFracionada })}
        </Text>
      )}
      ajuda={{
        id: 'ajuste-leitor-ajuda',
        testId: 'ajuste-leitor-ultimo',
        conteudo: (
          <>
            {ultimo ? `Último: ${ultimo} · ` : ''}
            <Kbd size="xs">Enter</Kbd> adiciona ou soma 1 · <Kbd size="xs">3*</Kbd> soma 3 · <Kbd size="xs">↑</Kbd>{' '}
            <Kbd size="xs">↓</Kbd> escolhe na lista
          </>
        ),
      }}
    />
  );
});
