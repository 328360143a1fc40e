import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { TODAS } from './list-contas-ativas.ts';

/** GET /financeiro/formas-pagamento?ativo=true → the tenant's active payment methods. */
export const useFormasPagamentoAtivas = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.formasPagamento.list(TODAS),
    queryFn: async () => (await http.get<Page<FormaPagamento>>('/financeiro/formas-pagamento', { params: TODAS })).data,
    enabled,
  });
