import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After a pet is created, changed or deleted: the pet lists, and the people, whose answers
 * list their pets by name (detail header, list column, search by pet name).
 */
export const invalidatePets = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.pets.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.all }),
  ]);
