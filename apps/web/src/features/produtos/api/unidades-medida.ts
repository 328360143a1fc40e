import type { UnidadeMedida, UnidadeMedidaInputParsed } from '@petshop/shared/unidade-medida';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * /inventario/unidades-medida: list (page, pageSize, query on sigla or description, ativo),
 * create, get, update, delete (refused while products use it). Products answer their unit's
 * sigla, so their queries are refreshed after a change.
 */
export const unidadesMedidaApi = createCrudApi<UnidadeMedida, UnidadeMedidaInputParsed>({
  path: '/inventario/unidades-medida',
  keys: queryKeys.unidadesMedida,
  related: [queryKeys.produtos],
});
