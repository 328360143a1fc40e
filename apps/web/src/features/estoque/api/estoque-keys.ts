/**
 * Query keys of the stock screens, built on `queryKeys.estoques`, `movimentacoesEstoque` and
 * `lotes` of lib/query-keys.ts (['estoque', …]), so a stock write anywhere (an adjustment, a
 * purchase finalised, a bag opened) refreshes them all by the prefix ['estoque'].
 */
import type { ListEstoquesQuery, ListMovimentacoesEstoqueQuery, TipoMovimentacaoEstoque } from '@petshop/shared/estoque';
import { queryKeys } from '#lib/query-keys.ts';

/** The filters of the position list and its totals (page and pageSize only for the list). */
export type EstoquesParams = Partial<Omit<ListEstoquesQuery, 'page' | 'pageSize'>> & { page: number; pageSize: number };
export type ResumoEstoqueParams = Omit<EstoquesParams, 'page' | 'pageSize'>;

export type MovimentacoesEstoqueParams = Partial<Omit<ListMovimentacoesEstoqueQuery, 'page' | 'pageSize' | 'tipo'>> & {
  page: number;
  pageSize: number;
  tipo?: readonly TipoMovimentacaoEstoque[] | undefined;
};

/** The prefix every stock read lives under. */
export const ESTOQUE_ALL = ['estoque'] as const;

/** Empty filters left out, the types as one comma-separated param (as the API reads them). */
export const estoquesQueryParams = (params: ResumoEstoqueParams & Partial<Pick<EstoquesParams, 'page' | 'pageSize'>>) => ({
  ...params,
  query: params.query || undefined,
  situacao: params.situacao && params.situacao !== 'todos' ? params.situacao : undefined,
});

export const movimentacoesQueryParams = ({ tipo, ...params }: MovimentacoesEstoqueParams) => ({
  ...params,
  query: params.query || undefined,
  tipo: tipo && tipo.length > 0 ? tipo.join(',') : undefined,
});

export const estoqueKeys = {
  all: ESTOQUE_ALL,
  posicao: (params: EstoquesParams) => [...queryKeys.estoques.lists(), estoquesQueryParams(params)] as const,
  resumo: (params: ResumoEstoqueParams) => [...queryKeys.estoques.all, 'resumo', estoquesQueryParams(params)] as const,
  busca: (termo: string) => [...queryKeys.estoques.all, 'busca', termo] as const,
  movimentacoes: (params: MovimentacoesEstoqueParams) =>
    [...queryKeys.movimentacoesEstoque.lists(), movimentacoesQueryParams(params)] as const,
};
