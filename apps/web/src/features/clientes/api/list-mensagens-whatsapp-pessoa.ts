import type { Page } from '@petshop/shared/http';
import type { MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** How many of the customer's last messages the WhatsApp modal shows. */
export const ULTIMAS_MENSAGENS = 5;

/**
 * GET /whatsapp/mensagens?pessoaId&page=1&pageSize=5 → the customer's last WhatsApp messages in
 * the selected unit, newest first (permission whatsapp: `enabled` false without it).
 */
export const listMensagensWhatsappPessoa = async (pessoaId: string): Promise<Page<MensagemWhatsapp>> => {
  const { data } = await http.get<Page<MensagemWhatsapp>>('/whatsapp/mensagens', {
    params: { pessoaId, page: 1, pageSize: ULTIMAS_MENSAGENS },
  });
  return data;
};

export const useMensagensWhatsappPessoa = (pessoaId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.whatsapp.mensagens({ pessoaId, page: 1, pageSize: ULTIMAS_MENSAGENS }),
    queryFn: () => listMensagensWhatsappPessoa(pessoaId),
    enabled,
  });
