/**
 * Expected card and PIX receipts (issue #6 item 4 "/financeiro/recebimentos/"):
 * GET /financeiro/recebimentos/resumo (per day and per method, with fees), the day's receivables
 * (GET /financeiro/receitas?tipoForma=pix,cartao_debito,cartao_credito&dataInicio=d&dataFim=d)
 * and POST /financeiro/recebimentos/confirmar (the money landed: each one settled for what is
 * open, with its fee). The confirmation refreshes ['financeiro'].
 */
import type { ConfirmarRecebimentosInput, RecebimentosResumo } from '@petshop/shared/financeiro';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTitulos } from '../titulos/titulos-api.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The kinds whose receivables land in the account later (card, PIX). */
export const TIPOS_RECEBIMENTO: TipoFormaPagamento[] = ['pix', 'cartao_debito', 'cartao_credito'];

/** GET /financeiro/recebimentos/resumo?dataInicio&dataFim → per day, per method and totals (reais). */
export const getRecebimentosResumo = async (params: { dataInicio: string; dataFim: string }): Promise<RecebimentosResumo> => {
  const { data } = await http.get<RecebimentosResumo>('/financeiro/recebimentos/resumo', { params });
  return data;
};

export const useRecebimentosResumo = (params: { dataInicio: string; dataFim: string }) =>
  useQuery({
    queryKey: queryKeys.recebimentosResumo(params),
    queryFn: () => getRecebimentosResumo(params),
    placeholderData: keepPreviousData,
  });

/** The card/PIX receivables expected on `dia` (up to 100; every status but cancelled). */
export const useRecebimentosDoDia = (dia: string | null) =>
  useTitulos(
    'receitas',
    { page: 1, pageSize: 100, tipoForma: TIPOS_RECEBIMENTO, dataInicio: dia ?? undefined, dataFim: dia ?? undefined },
    Boolean(dia),
  );

export type ConfirmarVariables = { dados: ConfirmarRecebimentosInput; idempotencyKey?: string };

/** POST /financeiro/recebimentos/confirmar → `{ confirmados }` (already settled or cancelled ones are skipped). */
export const confirmarRecebimentos = async ({ dados, idempotencyKey }: ConfirmarVariables): Promise<{ confirmados: number }> => {
  const { data } = await http.post<{ confirmados: number }>(
    '/financeiro/recebimentos/confirmar',
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useConfirmarRecebimentos = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmarRecebimentos,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro }),
  });
};
