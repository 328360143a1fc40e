import type { WhatsappStatus } from '@petshop/shared/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** How often the screen asks for the status and the QR while pairing (the gateway renews the QR every 20–40 s). */
export const PAREAMENTO_REFETCH_MS = 3000;

/** GET /whatsapp/status → { status, numero, conectadoEm } asked to the gateway now (the stored state if it fails). */
export const getWhatsappStatus = async (): Promise<WhatsappStatus> => {
  const { data } = await http.get<WhatsappStatus>('/whatsapp/status');
  return data;
};

/**
 * The status, asked on mount and after every WhatsApp write, then every 3 s only while the
 * gateway answers AguardandoLeitura (pairing); React Query stops the polling once connected,
 * when the screen unmounts and while the tab is hidden.
 */
export const useWhatsappStatus = () =>
  useQuery({
    queryKey: queryKeys.whatsapp.status,
    queryFn: getWhatsappStatus,
    refetchInterval: (query) => (query.state.data?.status === 'AguardandoLeitura' ? PAREAMENTO_REFETCH_MS : false),
  });
