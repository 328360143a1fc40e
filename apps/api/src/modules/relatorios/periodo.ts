/**
 * The period a report reads (spec §5 and §9: dataInicio and dataFim default to the start and end
 * of the current period; DOMAIN.md §2: "today" is the unit's today). Both days are included and
 * are days in the unit's time zone: a sale at 23:30 on 30/11 in São Paulo (02:30 UTC on 01/12)
 * belongs to November.
 */
import { sql, type SQL } from 'drizzle-orm';
import { endOfMonthISO, startOfMonthISO } from '@petshop/shared/format';
import type { PeriodoRelatorio } from '@petshop/shared/relatorios';

const ultimoDiaDoMes = (iso: string): string => {
  const [ano, mes] = iso.split('-').map(Number) as [number, number];
  const dias = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return `${iso.slice(0, 7)}-${String(dias).padStart(2, '0')}`;
};

/**
 * The period of `filtros` in `timeZone`: both absent → the current month; only dataInicio → to
 * the end of its month; only dataFim → from the first day of its month.
 */
export const resolverPeriodo = (
  filtros: { dataInicio?: string | undefined; dataFim?: string | undefined },
  timeZone: string,
  agora: Date = new Date(),
): PeriodoRelatorio => {
  const { dataInicio, dataFim } = filtros;
  if (dataInicio && dataFim) return { dataInicio, dataFim };
  if (dataInicio) return { dataInicio, dataFim: ultimoDiaDoMes(dataInicio) };
  if (dataFim) return { dataInicio: `${dataFim.slice(0, 7)}-01`, dataFim };
  return { dataInicio: startOfMonthISO(timeZone, agora), dataFim: endOfMonthISO(timeZone, agora) };
};

/**
 * The period's instants as SQL: `inicio` (00:00 of dataInicio in the zone, included) and `fim`
 * (00:00 of the day after dataFim, excluded). Compare a timestamptz column `c` with
 * `c >= inicio and c < fim`, which an index on `c` answers.
 */
export const instantesDoPeriodo = (periodo: PeriodoRelatorio, timeZone: string): { inicio: SQL; fim: SQL } => ({
  inicio: sql`(${periodo.dataInicio}::date::timestamp at time zone ${timeZone})`,
  fim: sql`((${periodo.dataFim}::date + 1)::timestamp at time zone ${timeZone})`,
});

/** The period as a report's filters print it: 'de 01/11/2026 a 30/11/2026'. */
export const descreverPeriodo = (p: PeriodoRelatorio): string => {
  const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  return p.dataInicio === p.dataFim ? br(p.dataInicio) : `${br(p.dataInicio)} a ${br(p.dataFim)}`;
};
