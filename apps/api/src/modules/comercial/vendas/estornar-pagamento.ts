/**
 * Reverses a payment that took effect (DOMAIN.md §6: deleting a payment, cancelling a sale
 * "reversing everything it did"), inside the caller's transaction:
 * - its receivables become 'Cancelada' (refused when finance already settled any of them:
 *   the settlement must be reversed first);
 * - the register gets an 'estorno' of −valor with the same method, in the acting user's open
 *   register (the money leaves the drawer now, whoever received it);
 * - customer credit used comes back to the customer ('estorno_venda').
 * Records no audit event: its callers do, at the use-case level (removing one payment at the
 * till logs PagamentoEstornado; cancelling a sale logs VendaCancelada once, not each payment).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { formasPagamento, receitas, vendaFinanceiros } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';
import { lancarCreditoCliente } from '../../financeiro/credito-cliente-ledger.ts';
import { findCaixaAbertoDoUsuario, lancarMovimentoCaixa } from '../caixas/caixa-ledger.ts';
import type { VendaRow } from './vendas-repository.ts';
import { num } from '../../../db/rows.ts';

type FinanceiroRow = typeof vendaFinanceiros.$inferSelect;

/** The acting user's open register for a reversal; 400 when there is none. */
export const getCaixaParaEstorno = async (tx: Db, usuarioId: string): Promise<string> => {
  const caixa = await findCaixaAbertoDoUsuario(tx, usuarioId);
  if (!caixa) throw badRequest('Abra o caixa para estornar pagamentos');
  return caixa.id;
};

/** What a reversal did, for the caller's audit record: the method's name and the value (reais). */
export type PagamentoEstornadoInfo = { formaPagamento: string; valor: number };

/** Reverses effected payment `f` of `venda` (see above) through register `caixaId`. */
export const estornarPagamento = async (
  tx: Db,
  venda: VendaRow,
  f: FinanceiroRow,
  caixaId: string,
  usuarioId: string,
): Promise<PagamentoEstornadoInfo> => {
  const parcelas = await queryRows<{ id: string; status: string }>(
    tx,
    sql`select id, status from receitas where venda_financeiro_id = ${f.id} for update`,
  );
  if (parcelas.some((p) => p.status === 'BaixaParcial' || p.status === 'Baixada'))
    throw badRequest('Este pagamento já foi baixado no financeiro: cancele a baixa antes de estornar');
  if (parcelas.length > 0) await tx.update(receitas).set({ status: 'Cancelada' }).where(eq(receitas.vendaFinanceiroId, f.id));

  const [forma] = await tx
    .select({ nome: formasPagamento.nome })
    .from(formasPagamento)
    .where(eq(formasPagamento.id, f.formaPagamentoId));
  const valor = num(f.valor);
  await lancarMovimentoCaixa(tx, {
    caixaId,
    tipo: 'estorno',
    valor: -valor,
    descricao: `Estorno da venda nº ${venda.numero} – ${forma?.nome ?? f.tipoForma}`,
    formaPagamentoId: f.formaPagamentoId,
    vendaId: venda.id,
    vendaFinanceiroId: f.id,
    pessoaId: venda.clienteId,
    usuarioId,
  });

  if (f.tipoForma === 'credito_cliente' && venda.clienteId) {
    await lancarCreditoCliente(tx, {
      pessoaId: venda.clienteId,
      valor,
      origem: 'estorno_venda',
      origemId: venda.id,
      descricao: `Estorno da venda nº ${venda.numero}`,
      usuarioId,
    });
  }
  return { formaPagamento: forma?.nome ?? f.tipoForma, valor };
};
