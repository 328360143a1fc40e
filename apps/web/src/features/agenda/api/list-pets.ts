import type { Page } from '@petshop/shared/http';
import type { Pet } from '@petshop/shared/pet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** How many pets the booking form's search offers. */
export const BUSCA_PETS_LIMITE = 10;

const paramsDe = (query: string) => ({ page: 1, pageSize: BUSCA_PETS_LIMITE, query: query.trim() || undefined, ativo: 'true' });

/**
 * GET /animal/pets?query&ativo=true&pageSize=10 → active pets whose name or tutor's name
 * contains the text (ignoring case and accents), each with its tutors (principal first).
 */
export const listPets = async (query: string, signal?: AbortSignal): Promise<Page<Pet>> => {
  const { data } = await http.get<Page<Pet>>('/animal/pets', { params: paramsDe(query), signal });
  return data;
};

/** The booking form's pet search (runs from 2 characters). */
export const usePetsBusca = (query: string) =>
  useQuery({
    queryKey: queryKeys.pets.list(paramsDe(query)),
    queryFn: ({ signal }) => listPets(query, signal),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
