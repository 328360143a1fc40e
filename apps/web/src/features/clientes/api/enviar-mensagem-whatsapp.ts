import type { MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** Body of POST /whatsapp/mensagens (`mensagemAvulsaSchema`): `telefone` (digits with DDD) overrides the customer's WhatsApp phone. */
export type MensagemAvulsa = { pessoaId: string; telefone?: string; texto: string };

/**
 * POST /whatsapp/mensagens → the message queued (tipo 'manual') from the unit's number to the
 * customer (issue #21 item 4, the customer page's "WhatsApp" action). Permission clientes.
 * 400 with a field message when the customer has no WhatsApp phone or the text is empty.
 */
export const enviarMensagemWhatsapp = async (body: MensagemAvulsa): Promise<MensagemWhatsapp> => {
  const { data } = await http.post<MensagemWhatsapp>('/whatsapp/mensagens', body);
  return data;
};

export const useEnviarMensagemWhatsapp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enviarMensagemWhatsapp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.all }),
  });
};
