/**
 * Search params of /fiscal/ (the fiscal documents, issue #18 item 6): page 1, pageSize 20,
 * query '' (number, chave, sale number or CPF), dataInicio the first day of this month and
 * dataFim today (yyyy-MM-dd, the unit's calendar), status [] (all). Defaults stay out of the URL.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@petshop/shared/http';
import { parseDateInput } from '@petshop/shared/format';
import { STATUS_DOCUMENTO_FISCAL, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

export const STATUS_DOCUMENTO_IDS = Object.keys(STATUS_DOCUMENTO_FISCAL) as StatusDocumentoFiscal[];
const isStatus = (value: unknown): value is StatusDocumentoFiscal => STATUS_DOCUMENTO_IDS.some((s) => s === value);

/** First day of the unit's current month. */
export const inicioDoMes = (): string => `${hojeNaUnidade().slice(0, 8)}01`;

const dataParam = (fallback: () => string) =>
  z.preprocess((value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? fallback(), z.string());

/** '?status=rejeitada,contingencia' or an array; unknown values dropped. */
const statusParam = z.preprocess(
  (value) => {
    const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
    return [...new Set(list.filter(isStatus))];
  },
  z.array(z.enum(STATUS_DOCUMENTO_IDS as [StatusDocumentoFiscal, ...StatusDocumentoFiscal[]])),
);

export const documentosSearchSchema = listSearchSchema.extend({
  dataInicio: dataParam(inicioDoMes).default(inicioDoMes),
  dataFim: dataParam(hojeNaUnidade).default(hojeNaUnidade),
  status: statusParam.default(() => []),
});
export type DocumentosSearchInput = z.input<typeof documentosSearchSchema>;
export type DocumentosSearch = z.output<typeof documentosSearchSchema>;

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
