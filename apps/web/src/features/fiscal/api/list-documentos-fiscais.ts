import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { documentosQueryParams, type DocumentosListParams } from '../documentos-search.ts';

/**
 * GET /fiscal/documentos?page&pageSize&query&dataInicio&dataFim&status → Page<DocumentoFiscal>
 * (documentosFiscaisQuerySchema): the unit's NFC-e of the period, newest first. `query` matches
 * the number, the chave, the sale number or the consumer's CPF; `status` is comma-separated.
 */
export const listDocumentosFiscais = async (params: DocumentosListParams): Promise<Page<DocumentoFiscal>> => {
  const { data } = await http.get<Page<DocumentoFiscal>>('/fiscal/documentos', { params: documentosQueryParams(params) });
  return data;
};

export const documentosFiscaisQueryOptions = (params: DocumentosListParams) =>
  queryOptions({
    queryKey: queryKeys.documentosFiscais.list(params),
    queryFn: () => listDocumentosFiscais(params),
    placeholderData: keepPreviousData,
  });

export const useDocumentosFiscais = (params: DocumentosListParams) => useQuery(documentosFiscaisQueryOptions(params));

/** The same endpoint asked for the count of documents in contingency (any date): the screen's banner. */
const CONTINGENCIA: DocumentosListParams = { page: 1, pageSize: 1, status: ['contingencia'] };

/** How many NFC-e of the unit wait in contingency for transmission; refreshed every minute. */
export const useContingenciaPendente = () =>
  useQuery({
    queryKey: queryKeys.documentosFiscais.list(CONTINGENCIA),
    queryFn: () => listDocumentosFiscais(CONTINGENCIA),
    select: (page) => page.total,
    refetchInterval: 60_000,
  });
