/**
 * CEP lookup (GET /api/third/cep/{cep}). Best effort: the address form keeps working by hand
 * whatever happens, but the user is told in one line when the lookup did not fill it: the CEP
 * does not exist (404: the provider answered `erro`) or the service could not be asked (503,
 * another error, no answer, an unexpected body).
 */
import { onlyDigits } from '@petshop/shared/validators';
import { z } from 'zod';
import { ApiError } from '../http/api-error.ts';
import { http } from '../http/http.ts';
import { queryKeys } from '../query-keys.ts';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

export const cepResultSchema = z.object({
  cep: text,
  logradouro: text,
  bairro: text,
  cidade: text,
  uf: text,
  codigoIbge: text,
});
export type CepResult = z.infer<typeof cepResultSchema>;

/** The one line under the CEP field when the lookup did not fill the address. */
export const CEP_AVISOS = {
  naoEncontrado: 'CEP não encontrado; preencha o endereço',
  indisponivel: 'Não foi possível consultar o CEP; preencha o endereço',
} as const;

/** The lookup could not be made (provider down, timeout, unexpected answer): not cached. */
export class CepIndisponivelError extends Error {
  constructor() {
    super(CEP_AVISOS.indisponivel);
    this.name = 'CepIndisponivelError';
  }
}

/**
 * The address of `cep` (any mask), or null when the CEP does not exist (or has not 8 digits).
 * Rejects with `CepIndisponivelError` when the service could not answer.
 */
export const fetchCep = async (cep: string): Promise<CepResult | null> => {
  const digits = onlyDigits(cep);
  if (digits.length !== 8) return null;
  let data: unknown;
  try {
    ({ data } = await http.get<unknown>(`/third/cep/${digits}`, { silent: true }));
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'not-found') return null;
    throw new CepIndisponivelError();
  }
  const parsed = cepResultSchema.safeParse(data);
  if (!parsed.success) throw new CepIndisponivelError();
  return parsed.data;
};

/** Query options: an address does not change while the screen is open; a failure is not kept. */
export const cepQueryOptions = (cep: string) => ({
  queryKey: queryKeys.cep(onlyDigits(cep)),
  queryFn: () => fetchCep(cep),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
