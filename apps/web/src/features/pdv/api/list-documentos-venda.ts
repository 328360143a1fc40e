import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import type { Page } from '@petshop/shared/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /fiscal/documentos?vendaId= → the sale's fiscal documents, newest first (issue #18 item 8:
 * the sale's fiscal status on the till and in its detail).
 */
export const listDocumentosVenda = async (vendaId: string): Promise<Page<DocumentoFiscal>> => {
  const { data } = await http.get<Page<DocumentoFiscal>>('/fiscal/documentos', { params: { vendaId, pageSize: 20 } });
  return data;
};

/** The sale's current document: the newest one (a rejected one is re-sent under the same row). */
export const documentoAtual = (page: Page<DocumentoFiscal> | undefined): DocumentoFiscal | null =>
  page?.items.slice().sort((a, b) => b.emitidoEm.localeCompare(a.emitidoEm))[0] ?? null;

export const useDocumentosVenda = (vendaId: string | null, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.documentosFiscais.daVenda(vendaId ?? ''),
      queryFn: () => listDocumentosVenda(vendaId ?? ''),
      enabled: enabled && Boolean(vendaId),
      retry: false,
    }),
  );
