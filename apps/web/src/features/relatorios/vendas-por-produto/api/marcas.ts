import type { Marca, MarcaInputParsed } from '@petshop/shared/marca';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /inventario/marcas (the options of the report's brand filter; permission `produtos`).
 * Same query keys as the catalogue's screens, so one cache serves both.
 */
export const marcasApi = createCrudApi<Marca, MarcaInputParsed>({
  path: '/inventario/marcas',
  keys: queryKeys.marcas,
  related: [queryKeys.marcas],
});
