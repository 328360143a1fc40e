/**
 * POST /pdv/deixar-venda-aberta (spec §7; DOMAIN.md §6 "Deixar venda aberta"): the customer
 * takes the goods and pays the rest later. In one transaction: the record is written (a
 * sale, with a customer and at least one item), its items leave stock (once), the payments
 * made so far take effect, and the sale stops being served while staying EmAberto — it then
 * shows in the customer's open sales until salvar-recebimento pays it off.
 * Repeating the call does nothing twice (stock and payments are done once).
 * The discount becomes final here (a later payment finalises the sale without coming back): above
 * the user's limit it needs a supervisor's `autorizador` (autorizacao-desconto.ts, issue #22 item 4).
 */
import { eq } from 'drizzle-orm';
import type { VendaInputParsed } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { vendas } from '../../../db/schema/index.ts';
import { badRequest, fieldError } from '../../../lib/errors.ts';
import { efetivarPagamentos } from '../vendas/efetivar-pagamentos.ts';
import { gravarVenda } from '../vendas/gravar-venda.ts';
import type { PdvContexto } from '../pdv-contexto.ts';
import { baixarEstoqueVenda } from '../vendas/salvar-venda.ts';
import { num } from '../../../db/rows.ts';
import { assertLimiteDesconto, findLimiteDesconto, type AutorizadorDesconto } from './autorizacao-desconto.ts';

/** See the file's comment. 400 `tipo` for a quote, `clienteId` without customer, `itens` when empty. */
export const deixarVendaAberta = async (
  tx: Db,
  input: VendaInputParsed,
  ctx: PdvContexto,
  autorizador?: AutorizadorDesconto,
): Promise<string> => {
  if (input.tipo !== 'Venda') throw fieldError('tipo', 'Só uma venda pode ser deixada em aberto');
  if (!input.clienteId) throw fieldError('clienteId', 'Informe o cliente para deixar a venda em aberto');
  if (input.itens.length === 0) throw fieldError('itens', 'Adicione ao menos um item à venda');
  const gravada = await gravarVenda(tx, input, ctx);
  if (num(gravada.venda.valorEmAberto) <= 0) throw badRequest('Nada fica em aberto nesta venda: finalize-a');
  const { valorBruto, valorDescontos } = gravada.totais;
  if (valorDescontos > 0)
    await assertLimiteDesconto(tx, {
      venda: gravada.venda,
      valorBruto,
      valorDescontos,
      usuario: await findLimiteDesconto(tx, ctx.usuarioId),
      autorizador,
    });
  const venda = await baixarEstoqueVenda(tx, gravada.venda, gravada.unidade, ctx.usuarioId, gravada.itens);
  await efetivarPagamentos(tx, venda, gravada.unidade, ctx.usuarioId);
  await tx
    .update(vendas)
    .set({ emAtendimento: false, status: 'EmAberto', snapshot: null, snapshotEm: null })
    .where(eq(vendas.id, venda.id));
  return venda.id;
};
