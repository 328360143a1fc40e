import type { CreatePetInputParsed, Pet } from '@petshop/shared/pet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePets } from './invalidate-pets.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type CriarPetVariables = { dados: CreatePetInputParsed; foto: File | null; idempotencyKey?: string };

/**
 * POST /animal/pets, multipart: `dados` (JSON per createPetInputSchema, at least one tutor) and
 * an optional `foto` → the new Pet. Without `porte` the breed's default size is taken.
 */
export const criarPet = async ({ dados, foto, idempotencyKey }: CriarPetVariables): Promise<Pet> => {
  const { data } = await http.post<Pet>('/animal/pets', toMultipart(dados, { foto }), idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarPet = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: criarPet, onSuccess: () => invalidatePets(queryClient) });
};
