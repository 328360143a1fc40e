import type { AcaoAuditoria, EventoAuditoria } from '@petshop/shared/auditoria';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type EventosAuditoriaParams = {
  page: number;
  pageSize: number;
  dataInicio?: string | undefined;
  dataFim?: string | undefined;
  acao?: AcaoAuditoria | undefined;
  usuarioId?: string | undefined;
  unidadeNegocioId?: string | undefined;
  entidade?: string | undefined;
  entidadeId?: string | undefined;
  query?: string | undefined;
};

/**
 * GET /auditoria?page&pageSize&dataInicio&dataFim&acao&usuarioId&unidadeNegocioId&entidade&entidadeId&query
 * → the tenant's audit log, newest first (Administrador only; 403 otherwise).
 */
export const listEventosAuditoria = async (params: EventosAuditoriaParams): Promise<Page<EventoAuditoria>> => {
  const { data } = await http.get<Page<EventoAuditoria>>('/auditoria', {
    params: { ...params, query: params.query || undefined },
  });
  return data;
};

/** The log's page for `params` (the previous page stays on screen while the next loads). */
export const useEventosAuditoria = (params: EventosAuditoriaParams) =>
  useQuery({
    queryKey: queryKeys.auditoria(params),
    queryFn: () => listEventosAuditoria(params),
    placeholderData: keepPreviousData,
  });
