/**
 * The dates of a vaccination protocol's doses (issue #19 item 2; DOMAIN.md §9): a pure rule,
 * no database. Dates are calendar days 'yyyy-MM-dd' (no time zone: a dose is due on a day).
 */
import type { DoseProtocolo } from '@petshop/shared/clinica';

/** 'yyyy-MM-dd' + `dias` calendar days (UTC arithmetic on a date, so no daylight-saving shift). */
export const somarDias = (data: string, dias: number): string => {
  const [ano, mes, dia] = data.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(ano, mes - 1, dia + dias)).toISOString().slice(0, 10);
};

export type DatasProtocolo = {
  /** One date per dose, in the protocol's order. */
  doses: string[];
  /** The booster's date (last dose + `reforcoDias`), null without a booster. */
  reforco: string | null;
};

/**
 * The doses' dates from `dataInicio`: the first is `dataInicio + doses[0].intervaloDias` (usually
 * 0: the start date itself), each next one the previous date + its own `intervaloDias`; the
 * booster is the last dose + `reforcoDias` (null when the protocol has none). A start in the past
 * gives past dates: those doses are already due (read as atrasada), never skipped.
 */
export const calcularDatasProtocolo = (
  dataInicio: string,
  doses: readonly Pick<DoseProtocolo, 'intervaloDias'>[],
  reforcoDias: number | null | undefined,
): DatasProtocolo => {
  const datas: string[] = [];
  let anterior = dataInicio;
  for (const dose of doses) {
    anterior = somarDias(anterior, dose.intervaloDias);
    datas.push(anterior);
  }
  const ultima = datas.at(-1);
  return { doses: datas, reforco: ultima && reforcoDias ? somarDias(ultima, reforcoDias) : null };
};
