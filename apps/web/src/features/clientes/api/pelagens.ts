import type { pelagemInputSchema, Pelagem } from '@petshop/shared/especie';
import type { z } from 'zod';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type PelagemInputParsed = z.output<typeof pelagemInputSchema>;

/**
 * /animal/pelagens: list (page, pageSize, query, especieId, ativo), create, get, update,
 * delete (refused while pets use it). Pets answer the coat's name.
 */
export const pelagensApi = createCrudApi<Pelagem, PelagemInputParsed>({
  path: '/animal/pelagens',
  keys: queryKeys.pelagens,
  related: [queryKeys.pets],
});
