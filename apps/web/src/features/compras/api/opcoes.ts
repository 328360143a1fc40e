/**
 * The catalogue lists the purchase screens pick from (suppliers, units of measure, brands,
 * categories): the same calls and cache keys as the settings screens.
 */
import type { CategoriaProduto } from '@petshop/shared/categoria-produto';
import type { Fornecedor } from '@petshop/shared/fornecedor';
import type { Marca } from '@petshop/shared/marca';
import type { UnidadeMedida } from '@petshop/shared/unidade-medida';
import { createCrudApi } from '../../../lib/crud/crud-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /inventario/fornecedores?query (names or CPF/CNPJ) and /{id}. */
export const fornecedoresApi = createCrudApi<Fornecedor, never>({
  path: '/inventario/fornecedores',
  keys: queryKeys.fornecedores,
});
/** GET /inventario/unidades-medida (UN, KG, CX…). */
export const unidadesMedidaApi = createCrudApi<UnidadeMedida, never>({
  path: '/inventario/unidades-medida',
  keys: queryKeys.unidadesMedida,
});
export const marcasApi = createCrudApi<Marca, never>({ path: '/inventario/marcas', keys: queryKeys.marcas });
export const categoriasProdutoApi = createCrudApi<CategoriaProduto, never>({
  path: '/inventario/categorias-produto',
  keys: queryKeys.categoriasProduto,
});
