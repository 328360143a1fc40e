/**
 * Query keys of the finance resources, shaped like lib/query-keys.ts ([area, resource, …]) with
 * the API's path names, so other areas (the till, the cash register) refresh them by prefix —
 * ['financeiro'] after a register transfer, ['financeiro', 'credito-cliente'] after a sale
 * paid with credit — without importing this feature.
 */
import type { ListParams } from '#lib/query-keys.ts';

const resource = <const R extends string>(name: R) => {
  const all = ['financeiro', name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: ListParams) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
};

export const financeiroKeys = {
  formasPagamento: resource('formas-pagamento'),
  contas: resource('contas'),
  categoriasFinanceiras: resource('categorias-financeiro'),
  creditoCliente: {
    all: ['financeiro', 'credito-cliente'] as const,
    /** GET /financeiro/credito-cliente/{pessoaId}/creditos. */
    lancamentos: (pessoaId: string, params: { page: number; pageSize: number }) =>
      ['financeiro', 'credito-cliente', 'list', pessoaId, params] as const,
    /** GET /financeiro/credito-cliente/{pessoaId}/total (the till reads the same key). */
    total: (pessoaId: string) => ['financeiro', 'credito-cliente', 'total', pessoaId] as const,
  },
};
