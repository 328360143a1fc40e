import type { CategoriaFinanceira, CategoriaFinanceiraInputParsed } from '@petshop/shared/categoria-financeira';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * /financeiro/categorias-financeiro: the income/expense tree — list in tree order with each
 * path (page, pageSize, optional query, tipo, ativo), create, get, update, delete (refused when
 * used or with subcategories). A rename changes the paths of every category below it, so every
 * write refreshes all of them.
 */
export const categoriasFinanceirasApi = createCrudApi<CategoriaFinanceira, CategoriaFinanceiraInputParsed>({
  path: '/financeiro/categorias-financeiro',
  keys: queryKeys.categoriasFinanceiras,
  related: [queryKeys.categoriasFinanceiras],
});
