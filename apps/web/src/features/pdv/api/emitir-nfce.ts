import { ERRO_PRODUTOS_FISCAIS, ERRO_UNIDADE_FISCAL, type DocumentoFiscal, type EmitirNfceInput } from '@petshop/shared/fiscal';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { errorMessage, toApiError } from '#lib/http/api-error.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * POST /fiscal/nfce {vendaId, cpf?} → the sale's NFC-e (issue #18 items 2, 3 and 8): 'autorizada',
 * 'contingencia' (SEFAZ silent: issued offline, transmitted later by the server), 'rejeitada'
 * with SEFAZ's reason, … The server answers within 5 s (NFCE_TEMPO_MAXIMO_PDV_MS) and, for a sale
 * that already has its document, answers that one (a double click emits once).
 */
export const emitirNfce = async (input: EmitirNfceInput): Promise<DocumentoFiscal> =>
  (await http.post<DocumentoFiscal>('/fiscal/nfce', input)).data;

/** Why an emission was refused, as the till shows it. */
export type FalhaEmissao =
  /** Products without valid fiscal data: their ids (for /fiscal/situacao-fiscal-produtos/) and one line each. */
  | { tipo: 'produtos'; ids: string[]; mensagens: string[] }
  /** The unit's Fiscal settings are incomplete (certificate, CSC, IE, address). */
  | { tipo: 'unidade'; mensagens: string[] }
  | { tipo: 'erro'; mensagens: string[] };

/**
 * Reads a failed POST /fiscal/nfce by the 400's keys (the whole `errors` map: every product's id
 * under ERRO_PRODUTOS_FISCAIS), else the error's messages.
 */
export const falhaDaEmissao = (error: unknown): FalhaEmissao => {
  const e = toApiError(error);
  if (e.status === 400) {
    const gerais = [...(e.errors[GENERAL_ERRORS] ?? [])];
    const ids = [...(e.errors[ERRO_PRODUTOS_FISCAIS] ?? [])];
    if (ids.length > 0) return { tipo: 'produtos', ids, mensagens: gerais };
    if (ERRO_UNIDADE_FISCAL in e.errors) return { tipo: 'unidade', mensagens: gerais.length > 0 ? gerais : [e.message] };
    const todas = Object.entries(e.errors).flatMap(([k, v]) => (k === GENERAL_ERRORS ? v : v.slice(0, 1)));
    return { tipo: 'erro', mensagens: todas.length > 0 ? todas : [e.message] };
  }
  const mensagens = [...e.generalErrors, ...Object.values(e.fieldErrors)];
  return { tipo: 'erro', mensagens: mensagens.length > 0 ? mensagens : [errorMessage(error)] };
};

/** The emission as a mutation: the sale's documents, the fiscal list and the sales list (its fiscal status) refresh. */
export const useEmitirNfce = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emitirNfce,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.fiscal }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vendas.all }),
      ]),
  });
};
