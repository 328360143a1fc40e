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
import { sql, type SQL } from 'drizzle-orm';
import type { StatusFinanceiro } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { atendimentos, vendas } from '../../db/schema/index.ts';

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
 * Opens the sale em atendimento of an appointment (idempotent: returns the existing one): the
 * customer, the pet, one item per priced service and the leva e traz fee as the delivery fee.
 * Implemented by the charging work of issue #17.
 */
export const abrirVendaAtendimento = async (_tx: Db, _atendimentoId: string, _usuarioId: string): Promise<string | null> => {
  throw new Error('abrirVendaAtendimento: not implemented yet');
};
