/**
 * What the recurrence form picks from, read from other areas' endpoints (features never import
 * each other): suppliers (GET /inventario/fornecedores?query), active expense categories, active
 * payment methods and the unit's active accounts. Keys follow lib/query-keys.ts and the finance
 * settings, so those screens' writes refresh them.
 */
import type { CategoriaFinanceira } from '@petshop/shared/categoria-financeira';
import type { Conta } from '@petshop/shared/conta';
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Fornecedor } from '@petshop/shared/fornecedor';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import { createCrudApi } from '../../../lib/crud/crud-api.ts';
import { http } from '../../../lib/http/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /inventario/fornecedores?query (names or CPF/CNPJ) and /{id}. */
export const fornecedoresApi = createCrudApi<Fornecedor, never>({
  path: '/inventario/fornecedores',
  keys: queryKeys.fornecedores,
});

const TODAS = { page: 1, pageSize: 100, ativo: 'true' } as const;
const DESPESAS = { ...TODAS, tipo: 'despesa' } as const;

/** GET /financeiro/categorias-financeiro?tipo=despesa&ativo=true → expense categories (tree order, with path). */
export const useCategoriasDespesa = () =>
  useQuery({
    queryKey: ['financeiro', 'categorias-financeiro', 'list', DESPESAS] as const,
    queryFn: async () =>
      (await http.get<Page<CategoriaFinanceira>>('/financeiro/categorias-financeiro', { params: DESPESAS })).data,
  });

/** GET /financeiro/formas-pagamento?ativo=true → the tenant's active payment methods. */
export const useFormasPagamentoAtivas = () =>
  useQuery({
    queryKey: ['financeiro', 'formas-pagamento', 'list', TODAS] as const,
    queryFn: async () => (await http.get<Page<FormaPagamento>>('/financeiro/formas-pagamento', { params: TODAS })).data,
  });

/** GET /financeiro/contas?ativo=true → the selected unit's active accounts. */
export const useContasAtivas = () =>
  useQuery({
    queryKey: ['financeiro', 'contas', 'list', TODAS] as const,
    queryFn: async () => (await http.get<Page<Conta>>('/financeiro/contas', { params: TODAS })).data,
  });
