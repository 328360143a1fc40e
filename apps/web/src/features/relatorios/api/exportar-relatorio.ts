/**
 * GET /relatorios/{id}/exportar?formato=pdf (issue #20): every row of the report with the
 * screen's filters (no page/pageSize), as the A4 landscape PDF the API renders, for "Imprimir".
 * The CSV/XLSX/PDF downloads go through `ExportarMenu` (#lib/ui/exportar-menu.tsx) at the same URL.
 */
import type { RelatorioId } from '@petshop/shared/relatorios';
import { http } from '#lib/http/http.ts';
import { paramsDoRelatorio } from './get-relatorio.ts';

/** The export URL of report `id` (relative to /api). */
export const urlExportarRelatorio = (id: RelatorioId): string => `/relatorios/${id}/exportar`;

/** The filters an export sends: the screen's, without page and pageSize. */
export const filtrosDaExportacao = (search: Record<string, unknown>): Record<string, unknown> => {
  const { page: _page, pageSize: _pageSize, ...filtros } = search;
  return paramsDoRelatorio(filtros);
};

/** GET /relatorios/{id}/exportar?formato=pdf with the filters → the PDF blob. */
export const getRelatorioPdf = async (id: RelatorioId, search: Record<string, unknown>): Promise<Blob> => {
  const { data } = await http.get<Blob>(urlExportarRelatorio(id), {
    params: { ...filtrosDaExportacao(search), formato: 'pdf' },
    paramsSerializer: { indexes: null },
    responseType: 'blob',
  });
  return data;
};
