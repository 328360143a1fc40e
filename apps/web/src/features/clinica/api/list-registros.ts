/**
 * GET /clinica/registros?petId&tipo&page&pageSize → Page<Registro>, newest first (issue #19
 * item 4): the chart's timeline, one cache entry per page and filter. `tipo` is one kind or
 * several joined by commas; absent = every kind.
 */
import type { Registro, TipoRegistro } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { queryOptions } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type ListRegistrosParams = { petId: string; tipo?: TipoRegistro; page: number; pageSize: number };

export const listRegistros = async (params: ListRegistrosParams): Promise<Page<Registro>> => {
  const { data } = await http.get<Page<Registro>>('/clinica/registros', { params });
  return data;
};

/** One page of the timeline; params without `tipo` when every kind is shown (one cache entry per filter). */
export const registrosQueryOptions = (params: ListRegistrosParams) => {
  const key = params.tipo ? params : { petId: params.petId, page: params.page, pageSize: params.pageSize };
  return queryOptions({ queryKey: queryKeys.registrosClinicos(key), queryFn: () => listRegistros(key) });
};
