import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After a unit is created, changed or deactivated: its lists, its detail and the session user
 * (GET /auth/me lists the user's units, whose names and membership may have changed).
 */
export const invalidateUnidades = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.unidadesNegocio.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.unidadesNegocio.detail(id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  ]);
