import type { Page } from '@petshop/shared/http';
import type { Pessoa } from '@petshop/shared/pessoa';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How many customers the picker offers per search. */
export const CLIENTES_OPCOES_LIMITE = 10;

/**
 * GET /pessoal/pessoas?query&pageSize=10 → the first customers matching a name, CPF/CNPJ,
 * phone or pet name, for the sales list's customer filter.
 */
export const getClientesOpcoes = async (query: string): Promise<Page<Pessoa>> => {
  const { data } = await http.get<Page<Pessoa>>('/pessoal/pessoas', {
    params: { page: 1, pageSize: CLIENTES_OPCOES_LIMITE, query: query || undefined },
  });
  return data;
};

export const clientesOpcoesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: queryKeys.pessoas.list({ page: 1, pageSize: CLIENTES_OPCOES_LIMITE, query: query || undefined }),
    queryFn: () => getClientesOpcoes(query),
    placeholderData: keepPreviousData,
  });

export const useClientesOpcoes = (query: string, enabled: boolean) => useQuery({ ...clientesOpcoesQueryOptions(query), enabled });

/** GET /pessoal/pessoas/{id}: the name of the customer a filter in the URL points to. */
export const getCliente = async (id: string): Promise<Pessoa> => {
  const { data } = await http.get<Pessoa>(`/pessoal/pessoas/${encodeURIComponent(id)}`);
  return data;
};

export const useCliente = (id: string | undefined) =>
  useQuery({ queryKey: queryKeys.pessoas.detail(id ?? ''), queryFn: () => getCliente(id ?? ''), enabled: Boolean(id) });
