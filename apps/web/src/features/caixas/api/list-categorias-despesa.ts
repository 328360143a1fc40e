import type { CategoriaFinanceira } from '@petshop/shared/categoria-financeira';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { TODAS } from './list-contas-ativas.ts';

const DESPESAS = { ...TODAS, tipo: 'despesa' } as const;

/** GET /financeiro/categorias-financeiro?tipo=despesa&ativo=true → expense categories (tree order). */
export const useCategoriasDespesa = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.categoriasFinanceiras.list(DESPESAS),
    queryFn: async () =>
      (await http.get<Page<CategoriaFinanceira>>('/financeiro/categorias-financeiro', { params: DESPESAS })).data,
    enabled,
  });
