/**
 * Customer credit calls (spec §7 "Finance"): the ledger of a customer, its balance, and a
 * manual credit or debit adjustment.
 */
import type { CreditoClienteInputParsed, CreditoClienteLancamento, CreditoClienteTotal } from '@petshop/shared/credito-cliente';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type LancamentosParams = { page: number; pageSize: number };

const base = (pessoaId: string) => `/financeiro/credito-cliente/${encodeURIComponent(pessoaId)}`;

/** GET /financeiro/credito-cliente/{pessoaId}/creditos → the entries, newest first, with the running balance. */
export const getLancamentosCredito = async (
  pessoaId: string,
  params: LancamentosParams,
): Promise<Page<CreditoClienteLancamento>> => {
  const { data } = await http.get<Page<CreditoClienteLancamento>>(`${base(pessoaId)}/creditos`, { params });
  return data;
};

export const lancamentosCreditoQueryOptions = (pessoaId: string, params: LancamentosParams) =>
  queryOptions({
    queryKey: queryKeys.creditoCliente.lancamentos(pessoaId, params),
    queryFn: () => getLancamentosCredito(pessoaId, params),
    placeholderData: keepPreviousData,
  });

export const useLancamentosCredito = (pessoaId: string, params: LancamentosParams) =>
  useQuery(lancamentosCreditoQueryOptions(pessoaId, params));

/** GET /financeiro/credito-cliente/{pessoaId}/total → `{ pessoaId, total }` (reais). */
export const getCreditoTotal = async (pessoaId: string): Promise<CreditoClienteTotal> => {
  const { data } = await http.get<CreditoClienteTotal>(`${base(pessoaId)}/total`);
  return data;
};

export const creditoTotalQueryOptions = (pessoaId: string) =>
  queryOptions({ queryKey: queryKeys.creditoCliente.total(pessoaId), queryFn: () => getCreditoTotal(pessoaId) });

export const useCreditoTotal = (pessoaId: string) => useQuery(creditoTotalQueryOptions(pessoaId));

export type LancarCreditoVariables = { dados: CreditoClienteInputParsed; idempotencyKey?: string };

/**
 * POST /financeiro/credito-cliente/creditos → the new entry (201). A debit beyond the balance
 * answers 400 on `valor`.
 */
export const lancarCredito = async ({ dados, idempotencyKey }: LancarCreditoVariables): Promise<CreditoClienteLancamento> => {
  const { data } = await http.post<CreditoClienteLancamento>(
    '/financeiro/credito-cliente/creditos',
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

/** After an entry: the customer's ledger and balance, and the customer's page (its summary). */
export const useLancarCredito = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lancarCredito,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.creditoCliente.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.all }),
      ]),
  });
};
