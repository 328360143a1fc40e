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
export const emitirNfce = async (input: EmitirNfceInput): Promise<DocumentoFiscal> => {
  // A 400 is read here, whole: the app's ApiError keeps one message per field, and the refusal's
  // `errors[ERRO_PRODUTOS_FISCAIS]` lists every product's id.
  const res = await http.post<DocumentoFiscal | { errors?: Record<string, unknown> }>('/fiscal/nfce', input, {
    validateStatus: (status) => (status >= 200 && status < 300) || status === 400,
  });
  if (res.status === 400) throw new EmissaoRecusadaError(errosDoCorpo(res.data));
  return res.data as DocumentoFiscal;
};

/** A 400 of POST /fiscal/nfce with its whole `errors` map. */
export class EmissaoRecusadaError extends Error {
  override readonly name = 'EmissaoRecusadaError';
  readonly errors: Record<string, string[]>;
  constructor(errors: Record<string, string[]>) {
    super(errors[GENERAL_ERRORS]?.[0] ?? Object.values(errors).flat()[0] ?? 'Não foi possível emitir a NFC-e');
    this.errors = errors;
  }
}

const errosDoCorpo = (body: unknown): Record<string, string[]> => {
  const errors =
    typeof body === 'object' && body !== null && 'errors' in body && typeof body.errors === 'object' && body.errors !== null
      ? (body.errors as Record<string, unknown>)
      : {};
  return Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []]),
  );
};

/** Why an emission was refused, as the till shows it. */
export type FalhaEmissao =
  /** Products without valid fiscal data: their ids (for /fiscal/situacao-fiscal-produtos/) and one line each. */
  | { tipo: 'produtos'; ids: string[]; mensagens: string[] }
  /** The unit's Fiscal settings are incomplete (certificate, CSC, IE, address). */
  | { tipo: 'unidade'; mensagens: string[] }
  | { tipo: 'erro'; mensagens: string[] };

/** Reads a failed POST /fiscal/nfce: a refusal (EmissaoRecusadaError) by its keys, else the error's messages. */
export const falhaDaEmissao = (error: unknown): FalhaEmissao => {
  if (error instanceof EmissaoRecusadaError) {
    const gerais = error.errors[GENERAL_ERRORS] ?? [];
    const ids = error.errors[ERRO_PRODUTOS_FISCAIS] ?? [];
    if (ids.length > 0) return { tipo: 'produtos', ids, mensagens: gerais };
    if (ERRO_UNIDADE_FISCAL in error.errors) return { tipo: 'unidade', mensagens: gerais.length > 0 ? gerais : [error.message] };
    const todas = Object.entries(error.errors).flatMap(([k, v]) => (k === GENERAL_ERRORS ? v : v.slice(0, 1)));
    return { tipo: 'erro', mensagens: todas.length > 0 ? todas : [error.message] };
  }
  const e = toApiError(error);
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
