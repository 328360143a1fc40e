import { queryOptions } from '@tanstack/react-query';
import { listProdutosPdv } from '#lib/produtos/list-produtos-pdv.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The till's product search (GET /inventario/produtos/busca-pdv?q=), cached 30 s. */
export const buscaProdutosPdvQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.produtos.buscaPdv(q),
    queryFn: ({ signal }) => listProdutosPdv(q, signal),
    staleTime: 30_000,
  });
