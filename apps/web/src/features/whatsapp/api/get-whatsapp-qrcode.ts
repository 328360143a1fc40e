import type { WhatsappQrcode } from '@petshop/shared/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { PAREAMENTO_REFETCH_MS } from './get-whatsapp-status.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /whatsapp/qrcode → { status, qrcode (PNG data URL, null unless AguardandoLeitura), geradoEm }. */
export const getWhatsappQrcode = async (): Promise<WhatsappQrcode> => {
  const { data } = await http.get<WhatsappQrcode>('/whatsapp/qrcode');
  return data;
};

/** The QR, asked again every 3 s while pairing (renewed by the gateway); off otherwise. */
export const useWhatsappQrcode = (pareando: boolean) =>
  useQuery({
    queryKey: queryKeys.whatsapp.qrcode,
    queryFn: getWhatsappQrcode,
    enabled: pareando,
    refetchInterval: pareando ? PAREAMENTO_REFETCH_MS : false,
  });
