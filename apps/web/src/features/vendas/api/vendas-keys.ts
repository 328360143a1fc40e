/**
 * Query keys of the sales list and summary, in the shape of `lib/query-keys.ts`
 * ([area, resource, kind, params]) so other screens can invalidate them by prefix
 * (['comercial', 'vendas']) without importing this feature.
 */
import type { VendasFiltro } from '../vendas-search.ts';

const all = ['comercial', 'vendas'] as const;

export type VendasListParams = VendasFiltro & { page: number; pageSize: number };

export const vendasKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (params: VendasListParams) => [...all, 'list', params] as const,
  resumo: (filtro: VendasFiltro) => [...all, 'resumo', filtro] as const,
};

/** The filters as the API reads them: statuses comma-separated, empty values left out. */
export const vendasQueryParams = ({ statuses, clienteId, query, ...rest }: VendasFiltro & Partial<VendasListParams>) => ({
  ...rest,
  statuses: statuses.length > 0 ? statuses.join(',') : undefined,
  clienteId: clienteId || undefined,
  query: query || undefined,
});
