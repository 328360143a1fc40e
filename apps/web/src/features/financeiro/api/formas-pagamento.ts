import type { FormaPagamento, FormaPagamentoInputParsed } from '@petshop/shared/forma-pagamento';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * /financeiro/formas-pagamento: list (page, pageSize, query on the name, ativo, tipo), create,
 * get, update, delete (refused once used in sales, registers or receivables).
 */
export const formasPagamentoApi = createCrudApi<FormaPagamento, FormaPagamentoInputParsed>({
  path: '/financeiro/formas-pagamento',
  keys: queryKeys.formasPagamento,
});
