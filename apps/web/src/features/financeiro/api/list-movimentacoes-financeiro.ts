import type { MovimentacoesPage } from '@petshop/shared/financeiro';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type MovimentacoesParams = {
  contaId: string;
  dataInicio: string;
  dataFim: string;
  page: number;
  pageSize: number;
};

/** GET /financeiro/movimentacoes?contaId&dataInicio&dataFim&page&pageSize → the statement of one account (newest first). */
export const listMovimentacoes = async (params: MovimentacoesParams): Promise<MovimentacoesPage> =>
  (await http.get<MovimentacoesPage>('/financeiro/movimentacoes', { params })).data;

export const useMovimentacoes = (params: MovimentacoesParams | null) =>
  useQuery({
    ...queryOptions({
      queryKey: queryKeys.movimentacoesFinanceiro.list(
        params ?? { contaId: '', dataInicio: '', dataFim: '', page: 1, pageSize: 20 },
      ),
      queryFn: () => listMovimentacoes(params!),
      placeholderData: keepPreviousData,
    }),
    enabled: params !== null,
  });
