import type { ListPlanejamentosQuery, Planejamento, StatusPlanejamento } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type PlanejamentosParams = Partial<Omit<ListPlanejamentosQuery, 'status'>> & {
  page: number;
  pageSize: number;
  status?: readonly StatusPlanejamento[] | undefined;
};

/** Empty filters left out, the statuses as one comma-separated param (as the API reads them). */
export const planejamentosQueryParams = ({ status, ...params }: PlanejamentosParams) => ({
  ...params,
  query: params.query || undefined,
  status: status && status.length > 0 ? status.join(',') : undefined,
});

/**
 * GET /clinica/planejamentos?petId&dataInicio&dataFim&status&page&pageSize → Page<Planejamento>:
 * a pet's planned doses (with petId; any unit's) or the selected unit's (without), period on the
 * planned date ('yyyy-MM-dd'), status pendente / aplicada / atrasada (derived: pending and due
 * before the unit's today).
 */
export const listPlanejamentos = async (params: PlanejamentosParams): Promise<Page<Planejamento>> => {
  const { data } = await http.get<Page<Planejamento>>('/clinica/planejamentos', { params: planejamentosQueryParams(params) });
  return data;
};

export const planejamentosQueryOptions = (params: PlanejamentosParams) =>
  queryOptions({
    queryKey: queryKeys.planejamentosVacina(planejamentosQueryParams(params)),
    queryFn: () => listPlanejamentos(params),
    placeholderData: keepPreviousData,
  });

export const usePlanejamentos = (params: PlanejamentosParams) => useQuery(planejamentosQueryOptions(params));
