/** The selected unit's time zone: dates are shown as the unit's wall clock (DOMAIN.md §2). */
import { DEFAULT_TIME_ZONE } from '@petshop/shared/format';
import { useSessionStore } from './session-store.ts';

export const useTimeZone = (): string => useSessionStore((s) => s.unidadeNegocio?.timeZone ?? DEFAULT_TIME_ZONE);
