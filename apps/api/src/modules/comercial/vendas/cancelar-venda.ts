/**
 * DELETE /pdv/excluir-venda/{id} (spec §7; DOMAIN.md §6 "delete (cancel) a sale with a
 * reason, reversing everything it did"). The record is never deleted: it becomes Cancelada.
 * - A draft (still being served, nothing effected, stock not out) or a quote: just cancelled,
 *   the reason optional.
 * - Anything else (left open, finalised): the reason is required (400 `motivo`); a sale with
 *   returns cannot be cancelled; its stock comes back ('estorno_venda'; a line charging a
 *   clinic's applied dose returns all but that dose, issue #19), every effected
 *   payment is reversed (`estornarPagamento`, through the user's open register), and it is
 *   marked with who cancelled it, when and why.
 * The packages it sold are cancelled too; 400 when a session of one was used (issue #17).
 * Already cancelled: answered unchanged (retry safety).
 *
 * Audit (issue #22 item 4): a real sale cancelled (left open or finalised, i.e. not a draft nor a
 * quote being discarded) records `VendaCancelada` in the same transaction — número, motivo,
 * total, status before → 'Cancelada'. A draft or quote discarded moved nothing and logs nothing;
 * a retry on an already cancelled sale logs nothing either.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { devolucoes, vendaFinanceiros, vendaItens, vendas } from '../../../db/schema/index.ts';
import { badRequest, fieldError } from '../../../lib/errors.ts';
import { cancelarPacotesDaVenda } from '../../agenda/pacotes.ts';
import { movimentarEstoque } from '../../estoque/movimentar-estoque.ts';
import { getCaixaParaEstorno, estornarPagamento } from './estornar-pagamento.ts';
import { quantidadeEstoqueItem } from './itens-venda.ts';
import { listFinanceirosVenda, lockVenda } from './vendas-repository.ts';
import { assertPermissaoTipo, type PdvContexto } from '../pdv-contexto.ts';
import { num } from '../../../db/rows.ts';
import { formatMoney } from '@petshop/shared/format';
import { STATUS_VENDA_LABEL, type StatusVenda } from '@petshop/shared/venda';
import { registrarAuditoria } from '../../auditoria/registrar-auditoria.ts';

/** See the file's comment. 404 for a sale of another unit. Answers the sale's id. */
export const cancelarVenda = async (tx: Db, id: string, motivo: string | undefined, ctx: PdvContexto): Promise<string> => {
  const venda = await lockVenda(tx, id);
  assertPermissaoTipo(ctx, venda.tipo === 'Orcamento' ? 'Orcamento' : 'Venda');
  if (venda.status === 'Cancelada') return venda.id;

  // Its packages go with it, unless a session was used (400, issue #17).
  await cancelarPacotesDaVenda(tx, venda.id);
  const financeiros = await listFinanceirosVenda(tx, venda.id);
  const efetivados = financeiros.filter((f) => f.efetivadoEm !== null);
  const rascunho = venda.tipo === 'Orcamento' || (venda.emAtendimento && !venda.estoqueBaixado && efetivados.length === 0);
  if (!rascunho) {
    if (!motivo) throw fieldError('motivo', 'Informe o motivo do cancelamento');
    const [devolucao] = await tx.select({ id: devolucoes.id }).from(devolucoes).where(eq(devolucoes.vendaId, venda.id)).limit(1);
    if (devolucao) throw badRequest('Esta venda tem devoluções e não pode ser cancelada');
    if (venda.estoqueBaixado) {
      const itens = await tx
        .select({
          produtoId: vendaItens.produtoId,
          quantidade: vendaItens.quantidade,
          vacinaAplicadaId: vendaItens.vacinaAplicadaId,
        })
        .from(vendaItens)
        .where(eq(vendaItens.vendaId, venda.id));
      await movimentarEstoque(
        tx,
        // Issue #19: a clinic's applied dose does not come back (the vaccine was applied): only
        // what the sale itself took out of stock (quantidadeEstoqueItem).
        itens
          .map((i) => ({ produtoId: i.produtoId, quantidade: quantidadeEstoqueItem({ ...i, quantidade: num(i.quantidade) }) }))
          .filter((l) => l.quantidade !== 0),
        {
          tipo: 'estorno_venda',
          origem: 'venda',
          origemId: venda.id,
          usuarioId: ctx.usuarioId,
          observacao: `Cancelamento da venda nº ${venda.numero}`,
          permitirNegativo: true,
        },
      );
    }
    if (efetivados.length > 0) {
      const caixaId = await getCaixaParaEstorno(tx, ctx.usuarioId);
      for (const f of efetivados) await estornarPagamento(tx, venda, f, caixaId, ctx.usuarioId);
    }
  }
  // Payments never effected moved nothing: they go with the draft.
  const pendentes = financeiros.filter((f) => f.efetivadoEm === null);
  for (const f of pendentes) await tx.delete(vendaFinanceiros).where(eq(vendaFinanceiros.id, f.id));

  await tx
    .update(vendas)
    .set({
      status: 'Cancelada',
      emAtendimento: false,
      estoqueBaixado: false,
      dataCancelamento: sql`now()`,
      motivoCancelamento: motivo ?? null,
      canceladoPorId: ctx.usuarioId,
      snapshot: null,
      snapshotEm: null,
      ...(pendentes.length > 0
        ? {
            valorPago: sql`(select coalesce(sum(f.valor), 0) from venda_financeiros f where f.venda_id = ${venda.id})`,
            valorEmAberto: sql`greatest(0, ${vendas.valorLiquido} - (select coalesce(sum(f.valor), 0) from venda_financeiros f where f.venda_id = ${venda.id}))`,
          }
        : {}),
    })
    .where(eq(vendas.id, venda.id));
  if (!rascunho) {
    const total = num(venda.valorLiquido);
    const statusAntes = STATUS_VENDA_LABEL[venda.status as StatusVenda] ?? venda.status;
    await registrarAuditoria(tx, {
      acao: 'VendaCancelada',
      entidade: 'venda',
      entidadeId: venda.id,
      descricao: `Venda nº ${venda.numero} (${formatMoney(total)}) cancelada: ${motivo}`,
      antes: { numero: venda.numero, status: statusAntes, total },
      depois: { status: STATUS_VENDA_LABEL.Cancelada, motivo },
      unidadeNegocioId: venda.unidadeNegocioId,
    });
  }
  return venda.id;
};
