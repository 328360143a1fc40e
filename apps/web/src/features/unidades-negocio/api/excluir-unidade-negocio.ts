import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateUnidades } from './invalidate-unidades.ts';
import { http } from '#lib/http/http.ts';

/**
 * DELETE /geral/unidades_negocio/{id} → `{ ok: true }`: deactivates the unit; 400 with
 * generalErrors when it is the tenant's last active unit.
 */
export const excluirUnidadeNegocio = async (id: string): Promise<void> => {
  await http.delete(`/geral/unidades_negocio/${encodeURIComponent(id)}`);
};

export const useExcluirUnidadeNegocio = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirUnidadeNegocio,
    onSuccess: (_, id) => invalidateUnidades(queryClient, id),
  });
};
