/**
 * The catalogue lists the purchase screens pick from (units of measure, brands, categories;
 * suppliers: lib/fornecedores/fornecedor-select.tsx): the same calls and cache keys as the
 * settings screens.
 */
import type { CategoriaProduto } from '@petshop/shared/categoria-produto';
import type { Marca } from '@petshop/shared/marca';
import type { UnidadeMedida } from '@petshop/shared/unidade-medida';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

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
