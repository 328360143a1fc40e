import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/** After an emission, retry, cancellation or inutilização: every fiscal read (lists, a sale's status). */
export const invalidateFiscal = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.fiscal });
