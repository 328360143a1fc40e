import type { CreditoClienteLancamento } from '@petshop/shared/credito-cliente';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type LancamentosParams = { page: number; pageSize: number };

export const creditoClientePath = (pessoaId: string) => `/financeiro/credito-cliente/${encodeURIComponent(pessoaId)}`;

/** GET /financeiro/credito-cliente/{pessoaId}/creditos → the entries, newest first, with the running balance. */
export const listLancamentosCredito = async (
  pessoaId: string,
  params: LancamentosParams,
): Promise<Page<CreditoClienteLancamento>> => {
  const { data } = await http.get<Page<CreditoClienteLancamento>>(`${creditoClientePath(pessoaId)}/creditos`, { params });
  return data;
};

export const lancamentosCreditoQueryOptions = (pessoaId: string, params: LancamentosParams) =>
  queryOptions({
    queryKey: queryKeys.creditoCliente.lancamentos(pessoaId, params),
    queryFn: () => listLancamentosCredito(pessoaId, params),
    placeholderData: keepPreviousData,
  });

export const useLancamentosCredito = (pessoaId: string, params: LancamentosParams) =>
  useQuery(lancamentosCreditoQueryOptions(pessoaId, params));
