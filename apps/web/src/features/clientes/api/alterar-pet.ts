import type { Pet, UpdatePetInputParsed } from '@petshop/shared/pet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePets } from './invalidate-pets.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type UpdatePetVariables = { id: string; dados: UpdatePetInputParsed; foto: File | null; idempotencyKey?: string };

/** PUT /animal/pets/{id}, multipart like the create: the whole pet → the saved Pet. */
export const updatePet = async ({ id, dados, foto, idempotencyKey }: UpdatePetVariables): Promise<Pet> => {
  const { data } = await http.put<Pet>(
    `/animal/pets/${encodeURIComponent(id)}`,
    toMultipart(dados, { foto }),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useUpdatePet = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePet, onSuccess: () => invalidatePets(queryClient) });
};
