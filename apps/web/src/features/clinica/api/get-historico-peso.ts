/**
 * GET /clinica/registros/historico-peso?petId → PontoPeso[] (issue #19 item 4): every weight of
 * the pet (records of kind peso and the exame físico's weight), oldest first; kg, date
 * 'yyyy-MM-dd' in the unit's zone.
 */
import type { PontoPeso } from '@petshop/shared/clinica';
import { queryOptions } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export const getHistoricoPeso = async (petId: string): Promise<PontoPeso[]> => {
  const { data } = await http.get<PontoPeso[]>('/clinica/registros/historico-peso', { params: { petId } });
  return data;
};

export const historicoPesoQueryOptions = (petId: string) =>
  queryOptions({ queryKey: queryKeys.historicoPeso(petId), queryFn: () => getHistoricoPeso(petId) });
