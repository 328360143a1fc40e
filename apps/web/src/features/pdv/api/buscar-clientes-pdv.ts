import type { Page } from '@petshop/shared/http';
import type { Pessoa } from '@petshop/shared/pessoa';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pdvKeys } from './pdv-keys.ts';
import { http } from '../../../lib/http/http.ts';

/**
 * GET /pessoal/pessoas?query&ativo=true&pageSize=10 → active customers whose name, CPF/CNPJ,
 * phone, e-mail or pet name contains the text; each with their pets by name.
 */
export const buscarClientesPdv = async (query: string, signal?: AbortSignal): Promise<Page<Pessoa>> => {
  const { data } = await http.get<Page<Pessoa>>('/pessoal/pessoas', {
    params: { query, ativo: 'true', page: 1, pageSize: 10 },
    signal,
  });
  return data;
};

export const useBuscarClientesPdv = (query: string) =>
  useQuery(
    queryOptions({
      queryKey: pdvKeys.clientes(query),
      queryFn: ({ signal }) => buscarClientesPdv(query, signal),
      enabled: query.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
