import type { Page } from '@petshop/shared/http';
import type { Pet } from '@petshop/shared/pet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The most pets one page brings (the API's maximum). */
const PAGE_SIZE = 100;

/** GET /animal/pets?pessoaId&pageSize=100 → the pets of a tutor, whole (photo, breed, weight, flags). */
export const listPetsDaPessoa = async (pessoaId: string): Promise<Page<Pet>> => {
  const { data } = await http.get<Page<Pet>>('/animal/pets', { params: { pessoaId, page: 1, pageSize: PAGE_SIZE } });
  return data;
};

export const petsDaPessoaQueryOptions = (pessoaId: string) =>
  queryOptions({
    queryKey: queryKeys.pets.list({ page: 1, pageSize: PAGE_SIZE, pessoaId }),
    queryFn: () => listPetsDaPessoa(pessoaId),
  });

export const usePetsDaPessoa = (pessoaId: string) => useQuery(petsDaPessoaQueryOptions(pessoaId));
