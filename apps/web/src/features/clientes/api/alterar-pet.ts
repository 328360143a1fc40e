import type { Pet, UpdatePetInputParsed } from '@petshop/shared/pet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePets } from './invalidate-pets.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type AlterarPetVariables = { id: string; dados: UpdatePetInputParsed; foto: File | null; idempotencyKey?: string };

/** PUT /animal/pets/{id}, multipart like the create: the whole pet → the saved Pet. */
export const alterarPet = async ({ id, dados, foto, idempotencyKey }: AlterarPetVariables): Promise<Pet> => {
  const { data } = await http.put<Pet>(
    `/animal/pets/${encodeURIComponent(id)}`,
    toMultipart(dados, { foto }),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarPet = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarPet, onSuccess: () => invalidatePets(queryClient) });
};
