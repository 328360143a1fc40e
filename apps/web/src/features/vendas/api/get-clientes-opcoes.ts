import type { Pessoa } from '@petshop/shared/pessoa';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /pessoal/pessoas/{id}: the name of the customer a filter in the URL points to. */
export const getCliente = async (id: string): Promise<Pessoa> => {
  const { data } = await http.get<Pessoa>(`/pessoal/pessoas/${encodeURIComponent(id)}`);
  return data;
};

export const useCliente = (id: string | undefined) =>
  useQuery({ queryKey: queryKeys.pessoas.detail(id ?? ''), queryFn: () => getCliente(id ?? ''), enabled: Boolean(id) });
