/**
 * POST /pdv/salvar-recebimento (spec §7): one payment for a saved sale — typically a sale left
 * open being paid off later. The payment follows the rules of `prepararPagamentos` and is
 * idempotent by its `chave` (sent again: nothing new, the sale answered as it is, even when
 * that payment had finalised it). A sale still being served only records it (it takes effect
 * when the sale is saved); a sale left open has it take effect at once in the user's register
 * and, when nothing stays open, becomes Finalizada.
 */
import { and, eq } from 'drizzle-orm';
import { toCents } from '@petshop/shared/format';
import type { salvarRecebimentoInputSchema } from '@petshop/shared/venda';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { vendaFinanceiros, vendas } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';
import { getUnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { efetivarPagamentos, finalizarVenda } from '../vendas/efetivar-pagamentos.ts';
import { resolverCaixa } from '../vendas/gravar-venda.ts';
import { inserirPagamentos, prepararPagamentos, recalcularPagamentos } from '../vendas/pagamentos-venda.ts';
import { listFinanceirosVenda, lockVenda } from '../vendas/vendas-repository.ts';
import { assertVendas, type PdvContexto } from '../pdv-contexto.ts';
import { num } from '../../../db/rows.ts';

/** See the file's comment. 404 for a sale of another unit; 400 for a quote or a sale not open. Answers the sale's id. */
export const salvarRecebimento = async (
  tx: Db,
  input: z.output<typeof salvarRecebimentoInputSchema>,
  ctx: PdvContexto,
): Promise<string> => {
  assertVendas(ctx);
  let venda = await lockVenda(tx, input.vendaId);
  if (venda.tipo !== 'Venda') throw badRequest('Orçamentos não recebem pagamentos');
  const [repetido] = await tx
    .select({ id: vendaFinanceiros.id })
    .from(vendaFinanceiros)
    .where(and(eq(vendaFinanceiros.vendaId, venda.id), eq(vendaFinanceiros.chave, input.financeiro.chave)));
  if (repetido) return venda.id;
  if (venda.status !== 'EmAberto')
    throw badRequest(venda.status === 'Cancelada' ? 'Esta venda foi cancelada' : 'Esta venda já foi finalizada');

  const unidade = await getUnidadeAtual(tx);
  const existentes = await listFinanceirosVenda(tx, venda.id);
  const novos = await prepararPagamentos(tx, {
    financeiros: [input.financeiro],
    existentes,
    liquidoCentavos: toCents(num(venda.valorLiquido)),
    clienteId: venda.clienteId,
    hoje: unidade.hoje,
    campo: () => 'financeiro',
  });
  const caixaId = await resolverCaixa(tx, undefined, ctx.usuarioId, venda.caixaId);
  if (caixaId !== venda.caixaId) {
    const [row] = await tx.update(vendas).set({ caixaId }).where(eq(vendas.id, venda.id)).returning();
    venda = row!;
  }
  await inserirPagamentos(tx, venda.id, novos, caixaId, ctx.usuarioId);
  venda = await recalcularPagamentos(tx, venda);

  if (!venda.emAtendimento) {
    await efetivarPagamentos(tx, venda, unidade, ctx.usuarioId);
    if (num(venda.valorEmAberto) <= 0) await finalizarVenda(tx, venda.id);
  }
  return venda.id;
};
