/**
 * DELETE /pdv/excluir-recebimento-venda/{id} (spec §7): removes a payment of a sale still
 * open. A payment that already took effect (sale left open) is reversed first
 * (`estornarPagamento`: receivables cancelled, 'estorno' out of the user's open register,
 * customer credit back). Totals are recomputed. A finalised sale keeps its payments: it must
 * be cancelled to reverse them.
 *
 * Audit (issue #22 item 4): reversing an effected payment records one `PagamentoEstornado`
 * (entidade 'venda_pagamento', the payment's id) in the same transaction; removing a payment
 * that never took effect moves no money and records nothing.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vendaFinanceiros } from '../../../db/schema/index.ts';
import { formatMoney } from '@petshop/shared/format';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { registrarAuditoria } from '../../auditoria/registrar-auditoria.ts';
import { num } from '../../../db/rows.ts';
import { getCaixaParaEstorno, estornarPagamento } from '../vendas/estornar-pagamento.ts';
import { recalcularPagamentos } from '../vendas/pagamentos-venda.ts';
import { lockVenda } from '../vendas/vendas-repository.ts';
import { assertVendas, type PdvContexto } from '../pdv-contexto.ts';

export const PAGAMENTO_NAO_ENCONTRADO = 'Pagamento não encontrado';

/** See the file's comment. 404 for a payment of another unit. Answers the sale's id. */
export const excluirRecebimentoVenda = async (tx: Db, financeiroId: string, ctx: PdvContexto): Promise<string> => {
  assertVendas(ctx);
  const [alvo] = await tx
    .select({ vendaId: vendaFinanceiros.vendaId })
    .from(vendaFinanceiros)
    .where(eq(vendaFinanceiros.id, financeiroId));
  if (!alvo) throw notFound(PAGAMENTO_NAO_ENCONTRADO);
  const venda = await lockVenda(tx, alvo.vendaId);
  // Read again under the sale's lock: a concurrent delete may have removed it.
  const [f] = await tx.select().from(vendaFinanceiros).where(eq(vendaFinanceiros.id, financeiroId));
  if (!f) throw notFound(PAGAMENTO_NAO_ENCONTRADO);
  if (venda.status === 'Finalizada') throw badRequest('Cancele a venda para estornar pagamentos');
  if (venda.status === 'Cancelada') throw badRequest('Esta venda foi cancelada');
  if (f.efetivadoEm) {
    const caixaId = await getCaixaParaEstorno(tx, ctx.usuarioId);
    const estorno = await estornarPagamento(tx, venda, f, caixaId, ctx.usuarioId);
    await registrarAuditoria(tx, {
      acao: 'PagamentoEstornado',
      entidade: 'venda_pagamento',
      entidadeId: f.id,
      descricao: `Pagamento de ${formatMoney(estorno.valor)} (${estorno.formaPagamento}) da venda nº ${venda.numero} estornado`,
      antes: {
        vendaId: venda.id,
        vendaNumero: venda.numero,
        formaPagamento: estorno.formaPagamento,
        valor: estorno.valor,
        valorRecebido: num(f.valorRecebido),
        troco: num(f.troco),
        parcelas: f.parcelas,
        situacao: 'Efetivado',
      },
      depois: { situacao: 'Estornado', caixaEstornoId: caixaId },
    });
  }
  await tx.delete(vendaFinanceiros).where(eq(vendaFinanceiros.id, f.id));
  await recalcularPagamentos(tx, venda);
  return venda.id;
};
