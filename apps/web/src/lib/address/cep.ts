/**
 * CEP lookup (GET /api/third/cep/{cep}). Best effort: any failure (404, the service being
 * down, an unexpected answer) yields null and the user types the address by hand.
 */
import { onlyDigits } from '@petshop/shared/validators';
import { z } from 'zod';
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

export const fetchCep = async (cep: string): Promise<CepResult | null> => {
  const digits = onlyDigits(cep);
  if (digits.length !== 8) return null;
  try {
    const { data } = await http.get<unknown>(`/third/cep/${digits}`, { silent: true });
    const parsed = cepResultSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Query options: an address does not change while the screen is open. */
export const cepQueryOptions = (cep: string) => ({
  queryKey: queryKeys.cep(onlyDigits(cep)),
  queryFn: () => fetchCep(cep),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
