import type { especieInputSchema, Especie } from '@petshop/shared/especie';
import type { z } from 'zod';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type EspecieInputParsed = z.output<typeof especieInputSchema>;

/**
 * /animal/especies: list (page, pageSize, query, ativo), create, get, update, delete (refused
 * while pets or breeds use it). Breeds, coats, pets and customers answer the species' name.
 */
export const especiesApi = createCrudApi<Especie, EspecieInputParsed>({
  path: '/animal/especies',
  keys: queryKeys.especies,
  related: [queryKeys.racas, queryKeys.pelagens, queryKeys.pets, queryKeys.pessoas],
});
