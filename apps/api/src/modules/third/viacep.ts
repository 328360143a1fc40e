/**
 * Client of a CEP service speaking the ViaCEP protocol (https://viacep.com.br):
 * GET {baseUrl}/{cep}/json/ answers `{ cep, logradouro, complemento, bairro, localidade, uf,
 * ibge, ... }`, or `{ "erro": true }` (older: `"erro": "true"`) for a CEP that does not exist.
 * The base URL is configurable (CEP_PROVIDER_URL), so tests and the end-to-end harness point
 * it at a local fake (test/fakes/viacep.ts) and a shop may point it at a mirror.
 */
import { z } from 'zod';
import type { CepResult } from '@petshop/shared/cep';

/** How long the provider may take before the lookup gives up (the user types the address). */
export const CEP_TIMEOUT_MS = 5_000;

const texto = z
  .string()
  .nullish()
  .transform((v) => v?.trim() ?? '');

const respostaSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({
    cep: texto,
    logradouro: texto,
    complemento: texto,
    bairro: texto,
    localidade: texto,
    uf: texto,
    ibge: texto,
  }),
]);

/** The provider failed: unreachable, timed out, or answered something that is not its protocol. */
export class CepIndisponivelError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CepIndisponivelError';
  }
}

/** Looks `cep` (8 digits) up: the address, or null when the CEP does not exist. */
export const fetchViaCep = async (baseUrl: string, cep: string): Promise<CepResult | null> => {
  let body: unknown;
  try {
    const response = await fetch(`${baseUrl}/${cep}/json/`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(CEP_TIMEOUT_MS),
    });
    if (!response.ok) throw new CepIndisponivelError(`Serviço de CEP respondeu ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof CepIndisponivelError) throw error;
    throw new CepIndisponivelError('Serviço de CEP inacessível', { cause: error });
  }
  const parsed = respostaSchema.safeParse(body);
  if (!parsed.success) throw new CepIndisponivelError('Resposta inesperada do serviço de CEP');
  if ('erro' in parsed.data) return null;
  const r = parsed.data;
  return {
    cep,
    logradouro: r.logradouro,
    complemento: r.complemento,
    bairro: r.bairro,
    cidade: r.localidade,
    uf: r.uf.toUpperCase(),
    codigoIbge: /^\d{7}$/.test(r.ibge) ? r.ibge : '',
  };
};
