import type { racaInputSchema, Raca } from '@petshop/shared/especie';
import type { z } from 'zod';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type RacaInputParsed = z.output<typeof racaInputSchema>;

/**
 * /animal/racas: list (page, pageSize, query, especieId, ativo), create, get, update, delete
 * (refused while pets use it). Pets answer the breed's name.
 */
export const racasApi = createCrudApi<Raca, RacaInputParsed>({
  path: '/animal/racas',
  keys: queryKeys.racas,
  related: [queryKeys.pets],
});
