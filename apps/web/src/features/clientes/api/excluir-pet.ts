import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePets } from './invalidate-pets.ts';
import { http } from '#lib/http/http.ts';

/** DELETE /animal/pets/{id}; 400 with generalErrors when the pet has history. */
export const deletePet = async (id: string): Promise<void> => {
  await http.delete(`/animal/pets/${encodeURIComponent(id)}`);
};

export const useDeletePet = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePet, onSuccess: () => invalidatePets(queryClient) });
};
