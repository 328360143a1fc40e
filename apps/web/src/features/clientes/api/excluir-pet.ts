import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePets } from './invalidate-pets.ts';
import { http } from '#lib/http/http.ts';

/** DELETE /animal/pets/{id}; 400 with generalErrors when the pet has history. */
export const excluirPet = async (id: string): Promise<void> => {
  await http.delete(`/animal/pets/${encodeURIComponent(id)}`);
};

export const useExcluirPet = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: excluirPet, onSuccess: () => invalidatePets(queryClient) });
};
