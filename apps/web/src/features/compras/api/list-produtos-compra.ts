import { queryOptions } from '@tanstack/react-query';
import { listProdutosPdv } from '#lib/produtos/list-produtos-pdv.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** A purchase's product search (GET /inventario/produtos/busca-pdv?q=, the till's fast search), cached 30 s. */
export const buscaProdutosQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.produtos.buscaCompra(q),
    queryFn: ({ signal }) => listProdutosPdv(q, signal),
    staleTime: 30_000,
  });
