import type { AtendimentoDetalhe } from '@petshop/shared/agenda';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /agenda/atendimentos/{id} → the appointment (pet, owner, type, local start/end,
 * resources, services, leva e traz, status, sale and package) with its history of status,
 * activity and priority changes; 404 when not in the selected unit.
 */
export const getAtendimento = async (id: string): Promise<AtendimentoDetalhe> => {
  const { data } = await http.get<AtendimentoDetalhe>(`/agenda/atendimentos/${encodeURIComponent(id)}`);
  return data;
};

export const atendimentoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.atendimentos.detail(id), queryFn: () => getAtendimento(id) });

export const useAtendimento = (id: string | null) => useQuery({ ...atendimentoQueryOptions(id ?? ''), enabled: id !== null });
