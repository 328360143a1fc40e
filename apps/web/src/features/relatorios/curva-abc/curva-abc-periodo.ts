/**
 * The ABC screens' default period (issue #20): without dates in the URL they read the last 12
 * months, not the API's current month. Apart from curva-abc-search.ts, which the route tree
 * (the entry chunk) imports: this one needs the quick periods, and with them dayjs.
 */
import { periodosRapidos } from '../components/periodos-rapidos.ts';

/** The preset an ABC screen opens with: one month is too little for a curve. */
export const PERIODO_PADRAO_ABC = 'Últimos 12 meses';

/**
 * The search with the default period filled in when the URL has none ("Últimos 12 meses" from
 * `hoje`, the unit's today): what the screen reads, exports and shows as the active preset.
 */
export const comPeriodoPadraoAbc = <S extends { dataInicio?: string | undefined; dataFim?: string | undefined }>(
  search: S,
  hoje: string,
): S => {
  if (search.dataInicio || search.dataFim) return search;
  const padrao = periodosRapidos(hoje).find((p) => p.label === PERIODO_PADRAO_ABC)!;
  return { ...search, dataInicio: padrao.dataInicio, dataFim: padrao.dataFim };
};
