import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * DELETE /clinica/planejamentos/remover-aplicacao-protocolo/{aplicacaoProtocoloId}: removes the
 * pending doses one *aplicar protocolo* planned; the doses already applied are kept (issue #19
 * item 2). 404 for an unknown application, or another unit's.
 */
export const removerAplicacaoProtocolo = async (aplicacaoProtocoloId: string): Promise<void> => {
  await http.delete(`/clinica/planejamentos/remover-aplicacao-protocolo/${encodeURIComponent(aplicacaoProtocoloId)}`);
};

export const useRemoverAplicacaoProtocolo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removerAplicacaoProtocolo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clinica }),
  });
};
