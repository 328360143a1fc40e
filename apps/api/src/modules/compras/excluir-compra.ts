/**
 * DELETE /api/compras/{id} (DOMAIN.md §5 "Deleting a finalised purchase reverses both";
 * issue #5 item 3), in the request's one transaction with the purchase row locked:
 * - a draft is deleted for good (items and installments cascade);
 * - a finalised purchase is reversed and kept as Cancelada (it stays the origin of its stock
 *   movements): 400 DESPESA_PAGA ('Esta compra tem parcela já paga: estorne o pagamento
 *   antes de excluir') when any of its payables was (partly) paid; otherwise its payables
 *   become Cancelada and what its entry put in stock goes out ('cancelamento_compra', read
 *   from the purchase's own `entrada_compra` ledger rows, so products whose stock control
 *   changed since are reversed exactly; `movimentarEstoque` takes it from the lots the entry
 *   filled). When the goods were already sold and the unit does not allow negative stock, 400
 *   'Estoque insuficiente de "<produto>": disponível …' and nothing changes. The products'
 *   cost price is left as it is (the average of later movements already includes it;
 *   recomputing history is not attempted);
 * - a cancelled purchase: 400.
 * 404 outside the unit.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { compras, movimentacoesEstoque } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { movimentarEstoque } from '../estoque/movimentar-estoque.ts';
import { cancelarDespesasCompra } from '../financeiro/despesas-ledger.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { lockCompra } from './compras-repository.ts';

export type ResultadoExclusao = 'excluida' | 'cancelada';

/** See the file's comment. Answers what happened: the draft deleted, or the purchase reversed. */
export const excluirCompra = async (tx: Db, id: string, usuarioId: string): Promise<ResultadoExclusao> => {
  const compra = await lockCompra(tx, id);
  if (compra.status === 'Cancelada') throw badRequest('Esta compra já foi cancelada');
  if (compra.status === 'Rascunho') {
    await tx.delete(compras).where(eq(compras.id, compra.id));
    return 'excluida';
  }
  await cancelarDespesasCompra(tx, compra.id);
  const entradas = await tx
    .select({
      produtoId: movimentacoesEstoque.produtoId,
      quantidade: sql<string>`sum(${movimentacoesEstoque.quantidade})`,
    })
    .from(movimentacoesEstoque)
    .where(and(eq(movimentacoesEstoque.origemId, compra.id), eq(movimentacoesEstoque.tipo, 'entrada_compra')))
    .groupBy(movimentacoesEstoque.produtoId);
  const unidade = await getUnidadeAtual(tx);
  await movimentarEstoque(
    tx,
    entradas.filter((e) => Number(e.quantidade) > 0).map((e) => ({ produtoId: e.produtoId, quantidade: -Number(e.quantidade) })),
    {
      tipo: 'cancelamento_compra',
      origem: 'compra',
      origemId: compra.id,
      origemLotesId: compra.id,
      usuarioId,
      observacao: [`Exclusão da compra nº ${compra.numero}`, compra.numeroNota ? `NF ${compra.numeroNota}` : null]
        .filter(Boolean)
        .join(' – '),
      permitirNegativo: unidade.permiteEstoqueNegativo,
    },
  );
  await tx.update(compras).set({ status: 'Cancelada', canceladaEm: new Date() }).where(eq(compras.id, compra.id));
  return 'cancelada';
};
