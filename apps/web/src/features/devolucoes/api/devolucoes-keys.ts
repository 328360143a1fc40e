/**
 * Query keys of returns and of the sale a return starts from, in the shape of
 * `lib/query-keys.ts`; the sale's key is the one the till uses for GET /comercial/pdv/{id}, so
 * both screens share the cached sale.
 */
export const devolucoesKeys = {
  all: ['comercial', 'devolucoes'] as const,
  detail: (id: string) => ['comercial', 'devolucoes', 'detail', id] as const,
  venda: (id: string) => ['comercial', 'pdv', 'detail', id] as const,
};
