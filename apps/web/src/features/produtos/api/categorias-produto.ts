import type { CategoriaProduto, CategoriaProdutoInputParsed } from '@petshop/shared/categoria-produto';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * /inventario/categorias-produto: list (page, pageSize, query, ativo, categoriaPaiId), create,
 * get, update, delete. A category answers its parent's name (refreshed with the lists) and
 * products answer their category's name.
 */
export const categoriasProdutoApi = createCrudApi<CategoriaProduto, CategoriaProdutoInputParsed>({
  path: '/inventario/categorias-produto',
  keys: queryKeys.categoriasProduto,
  related: [queryKeys.categoriasProduto, queryKeys.produtos],
});
