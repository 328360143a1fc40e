import type { PessoasPage } from '@petshop/shared/pessoa';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type PessoasParams = { page: number; pageSize: number; query?: string | undefined; ativo?: boolean | undefined };

/**
 * GET /pessoal/pessoas?page&pageSize&query&ativo → PessoasPage. `query` finds name, CPF/CNPJ,
 * phone, e-mail and pet name, ignoring case and accents; a search's total is counted up to
 * 1 000 (`totalLimitado`: `total` is then a lower bound, the next page still exists).
 */
export const listPessoas = async ({ ativo, ...params }: PessoasParams): Promise<PessoasPage> => {
  const { data } = await http.get<PessoasPage>('/pessoal/pessoas', {
    params: { ...params, ativo: ativo === undefined ? undefined : String(ativo) },
  });
  return data;
};

export const pessoasQueryOptions = (params: PessoasParams) =>
  queryOptions({
    queryKey: queryKeys.pessoas.list(params),
    queryFn: () => listPessoas(params),
    placeholderData: keepPreviousData,
  });

export const usePessoas = (params: PessoasParams) => useQuery(pessoasQueryOptions(params));
