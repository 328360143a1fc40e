import type { Pacote } from '@petshop/shared/agenda';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /animal/pets/{id}/pacotes → the pet's packages (its own and its owner's for any pet),
 * each with sessions left, validity and derived status (Ativo, Esgotado, Expirado, Cancelado).
 */
export const listPacotesPet = async (petId: string): Promise<Pacote[]> => {
  const { data } = await http.get<Pacote[]>(`/animal/pets/${encodeURIComponent(petId)}/pacotes`);
  return data;
};

export const pacotesPetQueryOptions = (petId: string) =>
  queryOptions({ queryKey: queryKeys.pacotes.doPet(petId), queryFn: () => listPacotesPet(petId) });

export const usePacotesPet = (petId: string | null) =>
  useQuery({ ...pacotesPetQueryOptions(petId ?? ''), enabled: petId !== null });
