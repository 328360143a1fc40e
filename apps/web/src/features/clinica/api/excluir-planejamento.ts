import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * DELETE /clinica/planejamentos/{id}: removes one pending planned dose. 400 when it was already
 * applied; 404 for another tenant's, or another unit's (only the unit that planned it removes it).
 */
export const excluirPlanejamento = async (id: string): Promise<void> => {
  await http.delete(`/clinica/planejamentos/${encodeURIComponent(id)}`);
};

export const useExcluirPlanejamento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirPlanejamento,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clinica }),
  });
};
