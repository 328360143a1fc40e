import type { Fornecedor, FornecedorInputParsed } from '@petshop/shared/fornecedor';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * /inventario/fornecedores: list (page, pageSize, query on names or CPF/CNPJ, ativo), create,
 * get, update, delete.
 */
export const fornecedoresApi = createCrudApi<Fornecedor, FornecedorInputParsed>({
  path: '/inventario/fornecedores',
  keys: queryKeys.fornecedores,
});
