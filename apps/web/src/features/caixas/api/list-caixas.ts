import type { CaixaResumo, ListCaixasQuery } from '@petshop/shared/caixa';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CaixasParams = Partial<ListCaixasQuery> & { page: number; pageSize: number };

/**
 * GET /comercial/caixas?page&pageSize&status&dataInicio&dataFim&usuarioId → Page<CaixaResumo>,
 * newest first, with entradas/saídas/saldo em dinheiro and, once closed, the cash difference.
 */
export const listCaixas = async (params: CaixasParams): Promise<Page<CaixaResumo>> => {
  const { data } = await http.get<Page<CaixaResumo>>('/comercial/caixas', { params });
  return data;
};

export const caixasQueryOptions = (params: CaixasParams) =>
  queryOptions({ queryKey: queryKeys.caixas.list(params), queryFn: () => listCaixas(params), placeholderData: keepPreviousData });

export const useCaixas = (params: CaixasParams) => useQuery(caixasQueryOptions(params));

/** The signed-in user's open register in the selected unit (at most one), or null. */
export const useMeuCaixaAberto = (usuarioId: string | undefined) =>
  useQuery({
    ...caixasQueryOptions({ page: 1, pageSize: 1, status: 'Aberto', usuarioId }),
    enabled: Boolean(usuarioId),
    placeholderData: undefined,
    select: (page) => page.items[0] ?? null,
  });
