/**
 * Search params of /fiscal/ (the fiscal documents, issue #18 item 6): page 1, pageSize 20,
 * query '' (number, chave, sale number or CPF), dataInicio the first day of this month and
 * dataFim today (yyyy-MM-dd, the unit's calendar), status [] (all). Defaults stay out of the URL.
 */
import type { StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import type { SearchMiddleware } from '@tanstack/react-router';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, STATUS_DOCUMENTO_IDS } from '#lib/contrato-valores.ts';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { dateOr, listParam, type SearchInputOf, type SearchOf } from '#lib/list/search-params.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

export { STATUS_DOCUMENTO_IDS };
/** First day of the unit's current month. */
export const inicioDoMes = (): string => `${hojeNaUnidade().slice(0, 8)}01`;

/** Dates 'yyyy-MM-dd' or 'dd/MM/yyyy' (invalid → the default); '?status=rejeitada,contingencia' or an array, unknown values dropped. */
export const documentosSearchSchema = listSearchSchema.extend({
  dataInicio: dateOr(inicioDoMes),
  dataFim: dateOr(hojeNaUnidade),
  status: listParam(STATUS_DOCUMENTO_IDS),
});
export type DocumentosSearchInput = SearchInputOf<typeof documentosSearchSchema>;
export type DocumentosSearch = SearchOf<typeof documentosSearchSchema>;

/** Leaves page 1, pageSize 20, this month and no status out of the URL. */
export const stripDocumentosDefaults: SearchMiddleware<DocumentosSearch> = ({ search, next }) => {
  const result: Partial<DocumentosSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === inicioDoMes()) delete result.dataInicio;
  if (result.dataFim === hojeNaUnidade()) delete result.dataFim;
  if (result.status?.length === 0) delete result.status;
  return result as DocumentosSearch;
};

export type DocumentosListParams = {
  page: number;
  pageSize: number;
  query?: string | undefined;
  dataInicio?: string | undefined;
  dataFim?: string | undefined;
  status: readonly StatusDocumentoFiscal[];
};

/** The query of GET /fiscal/documentos (documentosFiscaisQuerySchema): status comma-separated, empties left out. */
export const documentosQueryParams = ({ status, query, ...rest }: DocumentosListParams) => ({
  ...rest,
  status: status.length > 0 ? status.join(',') : undefined,
  query: query || undefined,
});
