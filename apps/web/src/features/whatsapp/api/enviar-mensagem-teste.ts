import type { MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type MensagemTeste = { telefone: string; texto: string };

/**
 * POST /whatsapp/mensagem-teste { telefone (with DDD), texto } → the message sent now (its status
 * says whether the gateway took it). 400 'WhatsApp desconectado' unless connected; field errors
 * keyed telefone/texto.
 */
export const enviarMensagemTeste = async (body: MensagemTeste): Promise<MensagemWhatsapp> => {
  const { data } = await http.post<MensagemWhatsapp>('/whatsapp/mensagem-teste', body);
  return data;
};

export const useEnviarMensagemTeste = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enviarMensagemTeste,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.all }),
  });
};
