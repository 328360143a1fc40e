import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After an appointment write: every agenda read (calendar, board, lists, details) and the
 * packages (a booking may take or give back a session).
 */
export const invalidateAgenda = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.agenda }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pacotes.all }),
  ]);
