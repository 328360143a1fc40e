import type { InutilizacaoFiscal, InutilizarNumerosInput } from '@petshop/shared/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { invalidateFiscal } from './invalidate-fiscal.ts';

export type InutilizarNumerosVariables = { dados: InutilizarNumerosInput; idempotencyKey?: string };

/**
 * POST /fiscal/inutilizacoes { serie, numeroInicial, numeroFinal, justificativa }: asks SEFAZ
 * to void numbers of the unit's series that were never authorised → the inutilização
 * ('inutilizada' with its protocol, or 'rejeitada' with cStat and reason).
 */
export const inutilizarNumeros = async ({ dados, idempotencyKey }: InutilizarNumerosVariables) => {
  const { data } = await http.post<InutilizacaoFiscal>('/fiscal/inutilizacoes', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useInutilizarNumeros = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inutilizarNumeros, onSuccess: () => invalidateFiscal(queryClient) });
};
