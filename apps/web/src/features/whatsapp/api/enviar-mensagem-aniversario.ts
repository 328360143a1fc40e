import type { EnvioAniversario } from '@petshop/shared/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * POST /geral/enviar-mensagem-aniversario → how many of today's birthdays were queued now (and
 * how many were already sent, had no phone or no consent). 400 when the template is off or the
 * unit is not connected.
 */
export const enviarMensagemAniversario = async (): Promise<EnvioAniversario> => {
  const { data } = await http.post<EnvioAniversario>('/geral/enviar-mensagem-aniversario', {});
  return data;
};

export const useEnviarMensagemAniversario = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enviarMensagemAniversario,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.all }),
  });
};
