import type { FormaPagamento, FormaPagamentoInputParsed } from '@petshop/shared/forma-pagamento';
import { financeiroKeys } from './financeiro-keys.ts';
import { createCrudApi } from '#lib/crud/crud-api.ts';

/**
 * /financeiro/formas-pagamento: list (page, pageSize, query on the name, ativo, tipo), create,
 * get, update, delete (refused once used in sales, registers or receivables).
 */
export const formasPagamentoApi = createCrudApi<FormaPagamento, FormaPagamentoInputParsed>({
  path: '/financeiro/formas-pagamento',
  keys: financeiroKeys.formasPagamento,
});
