/**
 * Calendar days as the selected unit sees them (DOMAIN.md §2: dates are the unit's wall clock;
 * the API's default periods use the same day). Dates are 'yyyy-MM-dd'.
 */
import { DEFAULT_TIME_ZONE, todayISO } from '@petshop/shared/format';
import { useSessionStore } from './session-store.ts';

/** Today in the selected unit's time zone. */
export const hojeNaUnidade = (now: Date = new Date()): string =>
  todayISO(useSessionStore.getState().unidadeNegocio?.timeZone ?? DEFAULT_TIME_ZONE, now);

/** `dias` calendar days after `hoje` ('yyyy-MM-dd'; `@petshop/shared/venda`'s addDays, not imported: see lib/contrato-valores.ts). */
export const diasDepois = (hoje: string, dias: number): string => {
  const [y, m, d] = hoje.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + dias)).toISOString().slice(0, 10);
};

/** `dias` days back from `hoje`. */
export const diasAtras = (hoje: string, dias: number): string => diasDepois(hoje, -dias);
