import type { AreaAtendimento, Eventos, StatusAtendimento } from '@petshop/shared/agenda';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** Query of GET /agenda/eventos (eventosQuerySchema); `status` is sent comma-joined. */
export type EventosParams = {
  dataInicio: string;
  dataFim: string;
  area?: AreaAtendimento;
  status?: readonly StatusAtendimento[];
  boxId?: string;
  salaId?: string;
  responsavelId?: string;
};

const paramsDaApi = ({ status, ...rest }: EventosParams) =>
  status && status.length > 0 ? { ...rest, status: status.join(',') } : rest;

/**
 * GET /agenda/eventos?dataInicio&dataFim[&area&status&boxId&salaId&responsavelId] → the
 * calendar's appointments of the range ('yyyy-MM-dd', inclusive, at most 62 days; local
 * 'yyyy-MM-ddTHH:mm' start/end) and its resources (boxes, rooms, professionals of the unit).
 * 400 with field errors on a bad range.
 */
export const listEventos = async (params: EventosParams, signal?: AbortSignal): Promise<Eventos> => {
  const { data } = await http.get<Eventos>('/agenda/eventos', { params: paramsDaApi(params), signal });
  return data;
};

export const eventosQueryOptions = (params: EventosParams) =>
  queryOptions({
    queryKey: queryKeys.eventos(params),
    queryFn: ({ signal }) => listEventos(params, signal),
    placeholderData: keepPreviousData,
  });

/** The calendar feed; the previous range stays on screen while the next one loads. */
export const useEventos = (params: EventosParams) => useQuery(eventosQueryOptions(params));
