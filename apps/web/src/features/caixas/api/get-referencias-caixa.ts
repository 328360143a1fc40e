/**
 * Reference data the register's forms pick from, read from other areas' endpoints (features
 * never import each other): the unit's active accounts (transferência), active expense
 * categories (despesa), and active payment methods (crédito de cliente). Customers: lib/pessoas/busca-pessoas.ts.
 * Keys follow lib/query-keys.ts so those areas' writes refresh them.
 */
import type { CategoriaFinanceira } from '@petshop/shared/categoria-financeira';
import type { Conta } from '@petshop/shared/conta';
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

const TODAS = { page: 1, pageSize: 100, ativo: 'true' } as const;

/** GET /financeiro/contas?ativo=true → the selected unit's active accounts with balance. */
export const useContasAtivas = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.contas.list(TODAS),
    queryFn: async () => (await http.get<Page<Conta>>('/financeiro/contas', { params: TODAS })).data,
    enabled,
  });

const DESPESAS = { ...TODAS, tipo: 'despesa' } as const;

/** GET /financeiro/categorias-financeiro?tipo=despesa&ativo=true → expense categories (tree order). */
export const useCategoriasDespesa = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.categoriasFinanceiras.list(DESPESAS),
    queryFn: async () =>
      (await http.get<Page<CategoriaFinanceira>>('/financeiro/categorias-financeiro', { params: DESPESAS })).data,
    enabled,
  });

/** GET /financeiro/formas-pagamento?ativo=true → the tenant's active payment methods. */
export const useFormasPagamentoAtivas = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.formasPagamento.list(TODAS),
    queryFn: async () => (await http.get<Page<FormaPagamento>>('/financeiro/formas-pagamento', { params: TODAS })).data,
    enabled,
  });
