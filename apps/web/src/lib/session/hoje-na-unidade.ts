/**
 * Calendar days as the selected unit sees them (DOMAIN.md §2: dates are the unit's wall clock;
 * the API's default periods use the same day). Dates are 'yyyy-MM-dd'.
 */
import { DEFAULT_TIME_ZONE, todayISO } from '@petshop/shared/format';
import dayjs from 'dayjs';
import { useSessionStore } from './session-store.ts';

/** Today in the selected unit's time zone. */
export const hojeNaUnidade = (now: Date = new Date()): string =>
  todayISO(useSessionStore.getState().unidadeNegocio?.timeZone ?? DEFAULT_TIME_ZONE, now);

/** `dias` days back from `hoje`. */
export const diasAtras = (hoje: string, dias: number): string => dayjs(hoje).subtract(dias, 'day').format('YYYY-MM-DD');
