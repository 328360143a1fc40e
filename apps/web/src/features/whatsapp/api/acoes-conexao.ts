/**
 * The connection's writes: POST /whatsapp/conectar (starts pairing, answers the QR),
 * /desconectar, /simular-leitura (fake gateway only: "the phone read the QR"), and
 * PUT /whatsapp/credenciais (cloud gateway only). Each refreshes everything under `whatsapp`.
 */
import type { WhatsappQrcode } from '@petshop/shared/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export const conectarWhatsapp = async (): Promise<WhatsappQrcode> => {
  const { data } = await http.post<WhatsappQrcode>('/whatsapp/conectar', {});
  return data;
};

export const desconectarWhatsapp = async (): Promise<unknown> => {
  const { data } = await http.post<unknown>('/whatsapp/desconectar', {});
  return data;
};

export const simularLeituraQrcode = async (): Promise<unknown> => {
  const { data } = await http.post<unknown>('/whatsapp/simular-leitura', {});
  return data;
};

/** Body of PUT /whatsapp/credenciais; the token is stored encrypted and never read back. */
export type CredenciaisCloud = { phoneNumberId: string; accessToken: string };

export const salvarCredenciaisWhatsapp = async (body: CredenciaisCloud): Promise<unknown> => {
  const { data } = await http.put<unknown>('/whatsapp/credenciais', body);
  return data;
};

const useWhatsappWrite = <V, R>(fn: (v: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.all }),
  });
};

export const useConectarWhatsapp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: conectarWhatsapp,
    onSuccess: (qr) => queryClient.setQueryData(queryKeys.whatsapp.qrcode, qr),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.all }),
  });
};
export const useDesconectarWhatsapp = () => useWhatsappWrite(desconectarWhatsapp);
export const useSimularLeituraQrcode = () => useWhatsappWrite(simularLeituraQrcode);
export const useSalvarCredenciaisWhatsapp = () => useWhatsappWrite(salvarCredenciaisWhatsapp);
