/**
 * Recurring payables (spec §7 "Finance"; issue #6 item 3): list (GET /financeiro/recorrencias
 * with status, query, page), create (POST), change (PUT /{id}) and pausar / retomar / encerrar
 * (POST /{id}/{acao}). Keys start with ['financeiro']; every write refreshes all of
 * ['financeiro'], since a recurrence generates and deletes payables (lists, totals, overview).
 */
import type { AcaoRecorrencia, Recorrencia, RecorrenciaInputParsed, StatusRecorrencia } from '@petshop/shared/financeiro';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type RecorrenciasParams = { page: number; pageSize: number; query?: string | undefined; status: StatusRecorrencia[] };

/** The list's filters as the API reads them: `status` comma-separated, empty ones left out. */
export const recorrenciasQueryParams = (params: Omit<RecorrenciasParams, 'page' | 'pageSize'> & Partial<RecorrenciasParams>) => ({
  ...(params.page ? { page: params.page } : {}),
  ...(params.pageSize ? { pageSize: params.pageSize } : {}),
  ...(params.query ? { query: params.query } : {}),
  ...(params.status.length > 0 ? { status: params.status.join(',') } : {}),
});

/** GET /financeiro/recorrencias → a page of recurrences (with generated count and next due date). */
export const getRecorrencias = async (params: RecorrenciasParams): Promise<Page<Recorrencia>> =>
  (await http.get<Page<Recorrencia>>('/financeiro/recorrencias', { params: recorrenciasQueryParams(params) })).data;

export const recorrenciasQueryOptions = (params: RecorrenciasParams) =>
  queryOptions({
    queryKey: queryKeys.recorrencias.list(params),
    queryFn: () => getRecorrencias(params),
    placeholderData: keepPreviousData,
  });

export const useRecorrencias = (params: RecorrenciasParams) => useQuery(recorrenciasQueryOptions(params));

export type SalvarRecorrenciaVariables = { id?: string; dados: RecorrenciaInputParsed; idempotencyKey?: string };

/**
 * POST /financeiro/recorrencias (new; `dados.id` the client's uuid, so a double click creates
 * one) or PUT /financeiro/recorrencias/{id} → the recurrence, its payables generated ahead.
 */
export const salvarRecorrencia = async ({ id, dados, idempotencyKey }: SalvarRecorrenciaVariables): Promise<Recorrencia> => {
  const config = idempotencyConfig(idempotencyKey);
  const { data } = id
    ? await http.put<Recorrencia>(`/financeiro/recorrencias/${encodeURIComponent(id)}`, dados, config)
    : await http.post<Recorrencia>('/financeiro/recorrencias', dados, config);
  return data;
};

/** POST /financeiro/recorrencias/{id}/{pausar|retomar|encerrar} → the recurrence after it. */
export const acaoRecorrencia = async ({ id, acao }: { id: string; acao: AcaoRecorrencia }): Promise<Recorrencia> =>
  (await http.post<Recorrencia>(`/financeiro/recorrencias/${encodeURIComponent(id)}/${acao}`)).data;

const useInvalidarFinanceiro = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro });
};

export const useSalvarRecorrencia = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: salvarRecorrencia, onSuccess: () => invalidar() });
};

export const useAcaoRecorrencia = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: acaoRecorrencia, onSuccess: () => invalidar() });
};
