import { Alert, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { confirmar } from './confirmar.tsx';
import { ItemEntry } from './item-entry.tsx';
import { ItensTable } from './itens-table.tsx';
import { usePdvStore } from '../pdv-store.ts';
import { adicionarProduto, alterarQuantidade, removerItem, somarQuantidade, type RegistroVenda } from '../registro.ts';

type ItensPanelProps = {
  registro: RegistroVenda;
  /** Items can change: the product field is on screen and the lines are editable. */
  itensEditaveis: boolean;
  deixadaEmAberto: boolean;
  entradaRef: RefObject<HTMLInputElement | null>;
  /** The line the keys act on (the one chosen, else the last). */
  itemSelecionadoId: string | null;
  permiteEstoqueNegativo: boolean;
  /** A product was added: the screen's alert of a refused finalise no longer applies. */
  onProdutoAdicionado: () => void;
  focarEntrada: () => void;
};

/**
 * The till's items: the product field (scanner and keyboard: code, quantity '3*', arrows, +/-,
 * Delete on the selected line) over the lines. A sale left open shows why its items no longer change.
 */
export function ItensPanel({
  registro,
  itensEditaveis,
  deixadaEmAberto,
  entradaRef,
  itemSelecionadoId,
  permiteEstoqueNegativo,
  onProdutoAdicionado,
  focarEntrada,
}: ItensPanelProps) {
  const salvar = usePdvStore((s) => s.salvar);
  const selecionarItem = usePdvStore((s) => s.selecionarItem);
  /** The record as it is now in the store (a change made while a lookup or a confirmation ran is kept). */
  const atual = (): RegistroVenda => usePdvStore.getState().registros[registro.id] ?? registro;

  const alterar = (id: string, q: number) => {
    const r = alterarQuantidade(atual(), id, q);
    if (!r.ok) return r.erro;
    salvar(r.registro);
    return null;
  };

  const removerComConfirmacao = async (itemId: string) => {
    if (!itensEditaveis) return;
    const item = registro.itens.find((i) => i.id === itemId);
    if (!item) return;
    const ok = await confirmar({
      title: 'Remover item',
      message: `Remover ${item.produto.nome} da venda?`,
      confirmLabel: 'Remover',
    });
    focarEntrada();
    if (!ok) return;
    salvar(removerItem(atual(), itemId));
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        {itensEditaveis ? (
          <ItemEntry
            ref={entradaRef}
            onProduto={(produto, quantidade) => {
              const r = adicionarProduto(atual(), produto, quantidade);
              if (!r.ok) return r.erro;
              salvar(r.registro);
              selecionarItem(registro.id, r.itemId);
              onProdutoAdicionado();
              return null;
            }}
            onQuantidadeSelecionado={(q) => (itemSelecionadoId ? alterar(itemSelecionadoId, q) : 'Nenhum item selecionado')}
            onMoverSelecao={(delta) => {
              if (registro.itens.length === 0) return;
              const idx = registro.itens.findIndex((i) => i.id === itemSelecionadoId);
              const prox = Math.min(registro.itens.length - 1, Math.max(0, (idx < 0 ? registro.itens.length : idx) + delta));
              selecionarItem(registro.id, registro.itens[prox]!.id);
            }}
            onSomarSelecionado={(delta) => {
              if (itemSelecionadoId) salvar(somarQuantidade(atual(), itemSelecionadoId, delta));
            }}
            onRemoverSelecionado={() => {
              if (itemSelecionadoId) void removerComConfirmacao(itemSelecionadoId);
            }}
          />
        ) : deixadaEmAberto ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle />}>
            Venda deixada em aberto: o estoque já saiu e os itens não mudam. Receba o saldo (F8); para mudar itens, cancele a
            venda.
          </Alert>
        ) : null}
        <ItensTable
          itens={registro.itens}
          selecionadoId={itemSelecionadoId}
          onSelecionar={(id) => selecionarItem(registro.id, id)}
          onQuantidade={itensEditaveis ? alterar : undefined}
          onRemover={(id) => void removerComConfirmacao(id)}
          onEdicaoFim={focarEntrada}
          readOnly={!itensEditaveis}
          permiteEstoqueNegativo={permiteEstoqueNegativo}
        />
      </Stack>
    </Paper>
  );
}
