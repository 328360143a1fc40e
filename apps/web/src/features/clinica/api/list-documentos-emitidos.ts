/**
 * GET /clinica/registros?petId&tipo=receita,documento&page&pageSize → Page<Registro>, newest
 * first: the prescriptions and documents issued for a pet (issue #19 item 6; the chart's first page
 * of records is not enough to list them all). Each one's PDF: GET /clinica/registros/{id}/pdf.
 */
import type { Registro } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The record kinds issued from templates. */
export const TIPOS_DOCUMENTO_EMITIDO = 'receita,documento';

export type DocumentosEmitidosParams = { petId: string; page: number; pageSize: number };

const queryParams = (params: DocumentosEmitidosParams) => ({ ...params, tipo: TIPOS_DOCUMENTO_EMITIDO });

export const listDocumentosEmitidos = async (params: DocumentosEmitidosParams): Promise<Page<Registro>> => {
  const { data } = await http.get<Page<Registro>>('/clinica/registros', { params: queryParams(params) });
  return data;
};

export const documentosEmitidosQueryOptions = (params: DocumentosEmitidosParams) =>
  queryOptions({
    queryKey: queryKeys.registrosClinicos(queryParams(params)),
    queryFn: () => listDocumentosEmitidos(params),
    placeholderData: keepPreviousData,
  });

export const useDocumentosEmitidos = (params: DocumentosEmitidosParams) => useQuery(documentosEmitidosQueryOptions(params));
