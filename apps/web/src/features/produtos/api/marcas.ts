import type { Marca, MarcaInputParsed } from '@petshop/shared/marca';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * /inventario/marcas: list (page, pageSize, query on the name, ativo), create, get, update,
 * delete (refused while products use it). Products answer their brand's name.
 */
export const marcasApi = createCrudApi<Marca, MarcaInputParsed>({
  path: '/inventario/marcas',
  keys: queryKeys.marcas,
  related: [queryKeys.produtos],
});
