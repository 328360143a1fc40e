/**
 * DELETE /clinica/registros/{id} → 204 (issue #19 item 4): the record and its attachments. 404
 * from another unit or tenant. Refreshes every clinic read (the weight chart loses its point).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export const excluirRegistro = async (id: string): Promise<void> => {
  await http.delete(`/clinica/registros/${encodeURIComponent(id)}`);
};

export const useExcluirRegistro = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirRegistro,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clinica }),
  });
};
