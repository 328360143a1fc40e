/**
 * What was sold per product in a period, read from the monthly rollup where it can (issue #20
 * "Performance": the 12-month ABC curve of products). `itens_vendidos_mes` (migration 0036) holds
 * `itens_vendidos` summed per product and month of the unit's time zone, kept by that table's
 * triggers in the same transaction as every row, so a whole month of it equals the month's rows of
 * `itensVendidosSql` summed per product, to the last decimal (numeric sums, no rounding).
 *
 * A period is split into its whole months (read from the rollup: one row per product and month)
 * and the days before the first and after the last whole month (read from `itens_vendidos`, the
 * rows of those days); a period with no whole month reads `itens_vendidos` alone.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PeriodoRelatorio } from '@petshop/shared/relatorios';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { itensVendidosSql } from './vendas-liquidas.ts';

/** `YYYY-MM-DD` of a UTC date. */
const iso = (d: Date): string => d.toISOString().slice(0, 10);
/** The calendar date `dias` days after `data` (`YYYY-MM-DD`). */
const somarDias = (data: string, dias: number): string => {
  const d = new Date(`${data}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return iso(d);
};
/** The first day of `data`'s month, or of the next month when `proximo` and `data` is not a first day. */
const inicioDoMes = (data: string, proximo: boolean): string => {
  const [ano, mes, dia] = data.split('-').map(Number) as [number, number, number];
  return iso(new Date(Date.UTC(ano, mes - 1 + (proximo && dia > 1 ? 1 : 0), 1)));
};

/**
 * The period cut into `meses` (the whole months, `[inicio, fim)` as first days, or null) and the
 * periods of `dias` (before and after them; the whole period when it has no whole month).
 * Dates are calendar dates of the unit (`YYYY-MM-DD`), `dataFim` inclusive.
 */
export const dividirPeriodo = (
  periodo: PeriodoRelatorio,
): { meses: { inicio: string; fim: string } | null; dias: PeriodoRelatorio[] } => {
  const primeiro = inicioDoMes(periodo.dataInicio, true);
  const fim = inicioDoMes(somarDias(periodo.dataFim, 1), false);
  if (primeiro >= fim) return { meses: null, dias: [periodo] };
  const dias: PeriodoRelatorio[] = [];
  if (periodo.dataInicio < primeiro) dias.push({ dataInicio: periodo.dataInicio, dataFim: somarDias(primeiro, -1) });
  if (fim <= periodo.dataFim) dias.push({ dataInicio: fim, dataFim: periodo.dataFim });
  return { meses: { inicio: primeiro, fim }, dias };
};

/**
 * A `select` of `produto_id uuid, quantidade numeric, receita numeric (reais)` rows whose sums per
 * product are those of `itensVendidosSql(periodo, timeZone)` (sales less returns of the scope's
 * unit): one row per product and whole month of the period, plus the rows of its loose days.
 * Sum them per product (`group by produto_id`).
 */
export const vendasPorProdutoSql = (periodo: PeriodoRelatorio, timeZone: string): SQL => {
  const { meses, dias } = dividirPeriodo(periodo);
  const partes: SQL[] = dias.map(
    (p) => sql`select i.produto_id, i.quantidade, i.receita from (${itensVendidosSql(p, timeZone)}) i`,
  );
  if (meses) {
    partes.unshift(sql`
      select m.produto_id, m.quantidade, m.receita
        from itens_vendidos_mes m
       where m.unidade_negocio_id = ${currentUnidadeNegocioId}
         and m.mes >= ${meses.inicio}::date and m.mes < ${meses.fim}::date`);
  }
  return sql.join(partes, sql` union all `);
};
