import type { CreatePetInputParsed, Pet } from '@petshop/shared/pet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePets } from './invalidate-pets.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type CreatePetVariables = { dados: CreatePetInputParsed; foto: File | null; idempotencyKey?: string };

/**
 * POST /animal/pets, multipart: `dados` (JSON per createPetInputSchema, at least one tutor) and
 * an optional `foto` → the new Pet. Without `porte` the breed's default size is taken.
 */
export const createPet = async ({ dados, foto, idempotencyKey }: CreatePetVariables): Promise<Pet> => {
  const { data } = await http.post<Pet>('/animal/pets', toMultipart(dados, { foto }), idempotencyConfig(idempotencyKey));
  return data;
};

export const useCreatePet = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPet, onSuccess: () => invalidatePets(queryClient) });
};
