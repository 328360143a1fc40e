/**
 * What the two bath-and-grooming reports share (issue #20; @petshop/shared/relatorios-banho-tosa):
 * the appointments they read and the revenue of each one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PeriodoRelatorio } from '@petshop/shared/relatorios';
import { instantesDoPeriodo } from './periodo.ts';

/**
 * The revenue of an appointment `a` LEFT JOINed to its sale `v` (`v.id = a.venda_id`), in reais:
 * the sale's net value (valor_liquido: after the discount, with the leva e traz fee) when the sale
 * is Finalizada, less the refunds of its returns (devolucoes.valor_total, whatever their date);
 * 0 for an open, cancelled or missing sale (a package covers it).
 */
export const faturamentoAtendimentoSql: SQL = sql`case when v.status = 'Finalizada'
  then v.valor_liquido - coalesce((select sum(d.valor_total) from devolucoes d where d.venda_id = v.id), 0)
  else 0 end`;

/**
 * The conditions on `a` (atendimentos) and `ta` (its type) that every bath-and-grooming report
 * reads: the unit (beside RLS, so the (unit, inicio) index is used), the start in the period's
 * instants (unit's days) and the type's area BanhoTosa.
 */
export const atendimentosBanhoTosaSql = (unidadeId: string, periodo: PeriodoRelatorio, timeZone: string): SQL => {
  const { inicio, fim } = instantesDoPeriodo(periodo, timeZone);
  return sql`a.unidade_negocio_id = ${unidadeId} and a.inicio >= ${inicio} and a.inicio < ${fim} and ta.area = 'BanhoTosa'`;
};

/** An all-numeric JSON value read back (json numbers arrive as numbers; null stays null). */
export const numeroOuNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
