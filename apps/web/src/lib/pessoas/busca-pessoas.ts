/**
 * The one customer search of the pickers (till, register deposit, sales filter):
 * GET /pessoal/pessoas?query&pageSize&ativo → people whose name, CPF/CNPJ, phone, e-mail or
 * pet name contains the text, each with their pets. The query key is built from exactly the
 * params sent, so pickers with different filters never read each other's cached answers.
 */
import type { Page } from '@petshop/shared/http';
import type { Pessoa } from '@petshop/shared/pessoa';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http/http.ts';
import { queryKeys } from '../query-keys.ts';

/** How many people a picker offers per search. */
export const BUSCA_PESSOAS_LIMITE = 10;

export type BuscaPessoasOpcoes = {
  /** Only active people (the till and deposits); absent: everyone (filters of past sales). */
  somenteAtivos?: boolean;
  enabled?: boolean;
};

const paramsDe = (query: string, somenteAtivos: boolean | undefined) => ({
  page: 1,
  pageSize: BUSCA_PESSOAS_LIMITE,
  query: query.trim() || undefined,
  ...(somenteAtivos ? { ativo: 'true' } : {}),
});

export const buscarPessoas = async (query: string, somenteAtivos?: boolean, signal?: AbortSignal): Promise<Page<Pessoa>> => {
  const { data } = await http.get<Page<Pessoa>>('/pessoal/pessoas', { params: paramsDe(query, somenteAtivos), signal });
  return data;
};

export const useBuscaPessoas = (query: string, { somenteAtivos, enabled = true }: BuscaPessoasOpcoes = {}) =>
  useQuery({
    queryKey: queryKeys.pessoas.list(paramsDe(query, somenteAtivos)),
    queryFn: ({ signal }) => buscarPessoas(query, somenteAtivos, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
