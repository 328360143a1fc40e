import type { MensagemWhatsapp, StatusMensagemWhatsapp, TipoMensagemWhatsapp } from '@petshop/shared/whatsapp';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** How often the log is refreshed while the tab is visible. */
export const LOG_REFETCH_MS = 10_000;

export type MensagensWhatsappParams = {
  page: number;
  pageSize: number;
  query?: string;
  status?: StatusMensagemWhatsapp[];
  tipo?: TipoMensagemWhatsapp[];
  pessoaId?: string;
};

/**
 * GET /whatsapp/mensagens?page&pageSize&query&status=a,b&tipo=a,b&pessoaId → the log, newest
 * first; `query` matches the person's or pet's name or the phone's digits.
 */
export const listMensagensWhatsapp = async (params: MensagensWhatsappParams): Promise<Page<MensagemWhatsapp>> => {
  const { data } = await http.get<Page<MensagemWhatsapp>>('/whatsapp/mensagens', {
    params: {
      page: params.page,
      pageSize: params.pageSize,
      query: params.query || undefined,
      status: params.status?.length ? params.status.join(',') : undefined,
      tipo: params.tipo?.length ? params.tipo.join(',') : undefined,
      pessoaId: params.pessoaId,
    },
  });
  return data;
};

/** The log, refreshed every 10 s (React Query pauses it while the tab is hidden). */
export const useMensagensWhatsapp = (params: MensagensWhatsappParams) =>
  useQuery({
    queryKey: queryKeys.whatsapp.mensagens(params),
    queryFn: () => listMensagensWhatsapp(params),
    refetchInterval: LOG_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
