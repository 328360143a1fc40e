/**
 * Query keys of payables, receivables and expected receipts, shaped like the other finance keys
 * (['financeiro', resource, 'list' | 'detail', …]). Every write of these screens invalidates
 * ['financeiro'] as a whole: a settlement moves an account's balance, the overview and the
 * receipts summary at once.
 */
export type TipoTitulo = 'despesas' | 'receitas';

export const titulosKeys = {
  /** Everything of the finance area: what every write here refreshes. */
  all: ['financeiro'] as const,
  lists: (tipo: TipoTitulo) => ['financeiro', tipo, 'list'] as const,
  list: (tipo: TipoTitulo, params: Record<string, unknown>) => ['financeiro', tipo, 'list', params] as const,
  detail: (tipo: TipoTitulo, id: string) => ['financeiro', tipo, 'detail', id] as const,
  /** GET /financeiro/recebimentos/resumo. */
  recebimentosResumo: (params: { dataInicio: string; dataFim: string }) =>
    ['financeiro', 'recebimentos', 'resumo', params] as const,
};
