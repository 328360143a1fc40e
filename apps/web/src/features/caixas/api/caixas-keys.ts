/**
 * Query keys of registers and their movements, in the shape of `lib/query-keys.ts`
 * ([area, resource, kind, params]) so other screens (the till, returns) refresh them by prefix:
 * ['comercial'] covers registers, movements, sales and the till's register list.
 */
import type { ListCaixasQuery, ListMovimentacoesCaixaQuery } from '@petshop/shared/caixa';

const caixas = ['comercial', 'caixas'] as const;
const movimentacoes = ['comercial', 'movimentacoes-caixa'] as const;

export type CaixasParams = Partial<ListCaixasQuery> & { page: number; pageSize: number };
export type MovimentacoesCaixaParams = Partial<ListMovimentacoesCaixaQuery> & { page: number; pageSize: number };

export const caixasKeys = {
  all: caixas,
  lists: () => [...caixas, 'list'] as const,
  list: (params: CaixasParams) => [...caixas, 'list', params] as const,
  detail: (id: string) => [...caixas, 'detail', id] as const,
  movimentacoes: {
    all: movimentacoes,
    list: (params: MovimentacoesCaixaParams) => [...movimentacoes, 'list', params] as const,
    detail: (id: string) => [...movimentacoes, 'detail', id] as const,
  },
};
