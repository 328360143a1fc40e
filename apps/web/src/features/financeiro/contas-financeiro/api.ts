/**
 * Accounts screen calls (spec §7 "Finance"): balances (GET /financeiro/contas/saldo), an
 * account's statement (GET /financeiro/movimentacoes?contaId), a transfer
 * (POST /financeiro/contas/transferencia) and its reversal
 * (POST /financeiro/contas/transferencia/{id}/estornar). Keys start with ['financeiro']; every
 * write refreshes all of ['financeiro'] (balances, statements, lists and the overview).
 */
import type { MovimentacoesPage, SaldoContas, Transferencia, TransferenciaInputParsed } from '@petshop/shared/financeiro';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type MovimentacoesParams = {
  contaId: string;
  dataInicio: string;
  dataFim: string;
  page: number;
  pageSize: number;
};

/** GET /financeiro/contas/saldo → the unit's active accounts with balance (reais) and their sum. */
export const getSaldoContas = async (): Promise<SaldoContas> => (await http.get<SaldoContas>('/financeiro/contas/saldo')).data;

export const saldoContasQueryOptions = () => queryOptions({ queryKey: queryKeys.contas.saldo, queryFn: getSaldoContas });

export const useSaldoContas = () => useQuery(saldoContasQueryOptions());

/** GET /financeiro/movimentacoes?contaId&dataInicio&dataFim&page&pageSize → the statement of one account (newest first). */
export const getMovimentacoes = async (params: MovimentacoesParams): Promise<MovimentacoesPage> =>
  (await http.get<MovimentacoesPage>('/financeiro/movimentacoes', { params })).data;

export const useMovimentacoes = (params: MovimentacoesParams | null) =>
  useQuery({
    ...queryOptions({
      queryKey: queryKeys.movimentacoesFinanceiro.list(
        params ?? { contaId: '', dataInicio: '', dataFim: '', page: 1, pageSize: 20 },
      ),
      queryFn: () => getMovimentacoes(params!),
      placeholderData: keepPreviousData,
    }),
    enabled: params !== null,
  });

export type TransferirVariables = { dados: TransferenciaInputParsed; idempotencyKey?: string };

/**
 * POST /financeiro/contas/transferencia → the transfer with both balances after it. `dados.id`
 * is the client's uuid: sent twice (double click, retry), the money moves once.
 */
export const transferir = async ({ dados, idempotencyKey }: TransferirVariables): Promise<Transferencia> =>
  (await http.post<Transferencia>('/financeiro/contas/transferencia', dados, idempotencyConfig(idempotencyKey))).data;

/** POST /financeiro/contas/transferencia/{id}/estornar → the transfer with the balances after the reversal. */
export const estornarTransferencia = async (id: string): Promise<Transferencia> =>
  (await http.post<Transferencia>(`/financeiro/contas/transferencia/${encodeURIComponent(id)}/estornar`)).data;

const useInvalidarFinanceiro = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro });
};

export const useTransferir = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: transferir, onSuccess: () => invalidar() });
};

export const useEstornarTransferencia = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: estornarTransferencia, onSuccess: () => invalidar() });
};
