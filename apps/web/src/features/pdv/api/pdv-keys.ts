/**
 * Query keys of the point of sale. They follow `lib/query-keys.ts` ([area, resource, ...]) so
 * other screens can invalidate by prefix: ['comercial'] covers sales, registers and the till.
 */
import type { ListParams } from '#lib/query-keys.ts';

const pdv = ['comercial', 'pdv'] as const;

export const pdvKeys = {
  all: pdv,
  /** GET /comercial/pdv/obter-caixas-para-pdv. */
  caixas: () => [...pdv, 'caixas'] as const,
  /** GET /comercial/pdv/{id}. */
  venda: (id: string) => [...pdv, 'detail', id] as const,
  /** GET /comercial/pdv/listar-venda-orcamento. */
  lista: (params: ListParams) => [...pdv, 'list', params] as const,
  /** GET /inventario/produtos/busca-pdv?q=. */
  buscaProduto: (q: string) => ['inventario', 'produtos', 'busca-pdv', q] as const,
  /** GET /financeiro/credito-cliente/{id}/total. */
  creditoTotal: (pessoaId: string) => ['financeiro', 'credito-cliente', 'total', pessoaId] as const,
};
