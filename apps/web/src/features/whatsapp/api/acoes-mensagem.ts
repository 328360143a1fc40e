/**
 * POST /whatsapp/mensagens/{id}/reenviar (a Falhou message back to Pendente, tentativas 0) and
 * /cancelar (a Pendente one → Cancelada). Both answer the message and refresh the log.
 */
import type { MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export const reenviarMensagemWhatsapp = async (id: string): Promise<MensagemWhatsapp> => {
  const { data } = await http.post<MensagemWhatsapp>(`/whatsapp/mensagens/${encodeURIComponent(id)}/reenviar`, {});
  return data;
};

export const cancelarMensagemWhatsapp = async (id: string): Promise<MensagemWhatsapp> => {
  const { data } = await http.post<MensagemWhatsapp>(`/whatsapp/mensagens/${encodeURIComponent(id)}/cancelar`, {});
  return data;
};

export const useAcaoMensagemWhatsapp = (acao: 'reenviar' | 'cancelar') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acao === 'reenviar' ? reenviarMensagemWhatsapp : cancelarMensagemWhatsapp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.all }),
  });
};
