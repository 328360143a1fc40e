/**
 * GET /clinicas/ficha-animal?petId → FichaAnimal (issue #19 item 6): the pet's header (age,
 * latest weight, alerts), its tutor, the vaccination card, the weight series, the records' count
 * per kind, the first page of the timeline (20, newest first) and whether the user may write.
 * 404 when the pet is not of the tenant; 403 without `clinica` or `clientes`.
 */
import type { FichaAnimal } from '@petshop/shared/clinica';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export const getFichaAnimal = async (petId: string): Promise<FichaAnimal> => {
  const { data } = await http.get<FichaAnimal>('/clinicas/ficha-animal', { params: { petId } });
  return data;
};

export const fichaAnimalQueryOptions = (petId: string) =>
  queryOptions({ queryKey: queryKeys.fichaAnimal(petId), queryFn: () => getFichaAnimal(petId) });

/** The chart, loaded by the route before the screen shows. */
export const useFichaAnimal = (petId: string) => useSuspenseQuery(fichaAnimalQueryOptions(petId));
