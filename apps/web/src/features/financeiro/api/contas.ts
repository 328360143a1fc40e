import type { Conta, ContaInputParsed } from '@petshop/shared/conta';
import { createCrudApi } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * /financeiro/contas: the selected unit's accounts with their balance — list (page, pageSize,
 * query on name or bank, ativo, tipo), create, get, update, delete (refused while in use).
 * Payment methods answer their destination account's name: refreshed with every write here.
 */
export const contasApi = createCrudApi<Conta, ContaInputParsed>({
  path: '/financeiro/contas',
  keys: queryKeys.contas,
  related: [queryKeys.formasPagamento],
});
