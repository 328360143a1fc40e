/**
 * Charging an appointment (issue #17 item 3): its services become items of a point-of-sale
 * record *em atendimento* (emAtendimento true), opened at check-in, which the cashier finds by
 * the owner or the pet and finishes with the till as it is.
 *
 * Financial status (spec §4) of an appointment, derived, never stored:
 * - with a sale: Finalizada → Baixada; any payment (valor_pago > 0) → BaixaParcial; else EmAberto;
 * - without a sale yet: Baixada when nothing is charged (a package covers every service, or no
 *   priced service), else EmAberto.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { StatusFinanceiro } from '@petshop/shared/agenda';
import { fromCents, toCents } from '@petshop/shared/format';
import type { VendaInputParsed } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { atendimentoServicos, atendimentos, vendas } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PdvContexto } from '../comercial/pdv-contexto.ts';
import { gravarVenda } from '../comercial/vendas/gravar-venda.ts';
import { findParaGravar } from '../comercial/vendas/vendas-repository.ts';

/**
 * SQL of the financial status, for a query over `atendimentos` LEFT JOINed to `vendas` on
 * `vendas.id = atendimentos.venda_id`.
 */
export const statusFinanceiroSql: SQL<StatusFinanceiro> = sql<StatusFinanceiro>`case
  when ${vendas.id} is null then
    case when exists (select 1 from atendimento_servicos s where s.atendimento_id = ${atendimentos.id} and s.valor > 0)
      then 'EmAberto' else 'Baixada' end
  when ${vendas.status} = 'Finalizada' then 'Baixada'
  when ${vendas.valorPago} > 0 then 'BaixaParcial'
  else 'EmAberto' end`;

/**
 * Opens the sale em atendimento of an appointment (issue #17 item 3), in the caller's
 * transaction, exactly as the till opens a new one (`gravarVenda`: the unit's next number,
 * totals by `calcularVenda`, the user's open register when there is one, none needed until a
 * payment): tipo Venda, status EmAberto, emAtendimento true, the appointment's customer and pet,
 * one item per service with valor > 0 (quantity 1, unit value = the service's valor, which may
 * differ from the product's price) and the leva e traz fee as the delivery fee
 * (valorEntregaFrete). Sets atendimentos.venda_id.
 *
 * Idempotent: the appointment row is locked `for update` and a sale already linked is answered
 * as is. Answers the sale's id, or null when nothing is to be charged (every service covered by
 * a package or free, and no leva e traz fee). 404 for an appointment of another unit.
 */
export const abrirVendaAtendimento = async (tx: Db, atendimentoId: string, usuarioId: string): Promise<string | null> => {
  const [atendimento] = await tx
    .select({
      id: atendimentos.id,
      vendaId: atendimentos.vendaId,
      clienteId: atendimentos.clienteId,
      petId: atendimentos.petId,
      levaETraz: atendimentos.levaETraz,
    })
    .from(atendimentos)
    .where(eq(atendimentos.id, atendimentoId))
    .for('update');
  if (!atendimento) throw notFound('Atendimento não encontrado');
  if (atendimento.vendaId) return atendimento.vendaId;

  const servicos = await tx
    .select({ produtoId: atendimentoServicos.produtoId, valor: atendimentoServicos.valor })
    .from(atendimentoServicos)
    .where(and(eq(atendimentoServicos.atendimentoId, atendimentoId), gt(atendimentoServicos.valor, '0')))
    .orderBy(asc(atendimentoServicos.ordem));
  const taxa = num((atendimento.levaETraz as { valor?: number | string | null } | null)?.valor ?? 0);
  if (servicos.length === 0 && toCents(taxa) <= 0) return null;

  const input: VendaInputParsed = {
    id: randomUUID(),
    tipo: 'Venda',
    caixaId: undefined,
    clienteId: atendimento.clienteId,
    petId: atendimento.petId,
    itens: servicos.map((s) => ({ id: randomUUID(), produtoId: s.produtoId, quantidade: 1, desconto: 0, tipoDesconto: 'Valor' })),
    desconto: 0,
    tipoDesconto: 'Valor',
    valorEntregaFrete: fromCents(toCents(taxa)),
    validadeOrcamento: undefined,
    observacoes: undefined,
    financeiros: [],
  };
  const lido = await findParaGravar(tx, input, usuarioId);
  // A new line takes its product's price from the catalogue read (montarItens): the service's
  // own valor is that price for this sale (the same product twice: the first one's valor).
  const catalogo = new Map(lido.catalogo);
  for (const s of [...servicos].reverse()) {
    const produto = catalogo.get(s.produtoId);
    if (produto) catalogo.set(s.produtoId, { ...produto, precoVenda: s.valor });
  }
  // The system opens it on the appointment's behalf: the agenda's permission decided already.
  const ctx: PdvContexto = { usuarioId, pode: () => true };
  const { venda } = await gravarVenda(tx, input, ctx, { travada: null, lido: { ...lido, catalogo } });
  await tx.update(atendimentos).set({ vendaId: venda.id }).where(eq(atendimentos.id, atendimentoId));
  return venda.id;
};
