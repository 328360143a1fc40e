import type { CategoriaProduto, CategoriaProdutoInputParsed } from '@petshop/shared/categoria-produto';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /inventario/categorias-produto (the options of the sales and ABC reports' category filter: every
 * category with its parent's name; permission `produtos`, which every profile that reads
 * reports has). Same query keys as the catalogue's screens, so one cache serves both.
 */
export const categoriasProdutoApi = createCrudApi<CategoriaProduto, CategoriaProdutoInputParsed>({
  path: '/inventario/categorias-produto',
  keys: queryKeys.categoriasProduto,
  related: [queryKeys.categoriasProduto],
});
