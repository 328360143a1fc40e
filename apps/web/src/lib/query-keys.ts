/**
 * Query keys of every server resource, in one place so a mutation in one feature can
 * invalidate exactly what another feature reads (features never import each other).
 * Shape: [area, resource, 'list' | 'detail', params].
 */
import type { ListQuery } from '@petshop/shared/http';

export type ListParams = ListQuery & Record<string, string | number | boolean | undefined>;

const resource = <const A extends string, const R extends string>(area: A, name: R) => {
  const all = [area, name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: ListParams) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
};

export const queryKeys = {
  /** GET /auth/me: the session user. */
  me: ['auth', 'me'] as const,
  /** GET /auth/perfis. */
  perfis: ['auth', 'perfis'] as const,
  usuarios: resource('auth', 'usuarios'),
  unidadesNegocio: resource('geral', 'unidades-negocio'),
  tenants: resource('manager', 'tenants'),
  pessoas: resource('pessoal', 'pessoas'),
  pets: resource('animal', 'pets'),
  especies: resource('animal', 'especies'),
  racas: resource('animal', 'racas'),
  pelagens: resource('animal', 'pelagens'),
  produtos: resource('inventario', 'produtos'),
  marcas: resource('inventario', 'marcas'),
  categoriasProduto: resource('inventario', 'categorias-produto'),
  unidadesMedida: resource('inventario', 'unidades-medida'),
  fornecedores: resource('inventario', 'fornecedores'),
  /** GET /estoques (position of the unit) and /estoques/resumo; every stock write refreshes ['estoque']. */
  estoques: resource('estoque', 'estoques'),
  /** GET /estoques/movimentacoes (the ledger). */
  movimentacoesEstoque: resource('estoque', 'movimentacoes'),
  /** GET /estoques/lotes (lots and expiry). */
  lotes: resource('estoque', 'lotes'),
  /** GET /compras and /compras/{id} (purchases; the summary under the detail). */
  compras: resource('compras', 'compras'),
  /** GET /third/cep/{cep}. */
  cep: (cep: string) => ['third', 'cep', cep] as const,
};
