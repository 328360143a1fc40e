/**
 * Postal code lookup (GET /api/third/cep/{cep}, spec §7). Public (it serves onboarding too)
 * and rate-limited. Answers:
 * - 200 `cepResultSchema` (absent parts are '', e.g. a city-wide CEP has no street);
 * - 400 `{ errors: { cep: ['CEP inválido'] } }` for anything but 8 digits;
 * - 404 generalErrors 'CEP não encontrado. Preencha o endereço manualmente.';
 * - 503 generalErrors 'Serviço de CEP indisponível no momento. Preencha o endereço manualmente.'
 * Answers are cached by the server for 30 days.
 */
import { z } from 'zod';

export const cepResultSchema = z.object({
  /** 8 digits. */
  cep: z.string(),
  logradouro: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  /** Two upper-case letters. */
  uf: z.string(),
  /** IBGE municipality code, 7 digits ('' when the provider does not know it). */
  codigoIbge: z.string(),
});
export type CepResult = z.infer<typeof cepResultSchema>;

export const CEP_MESSAGES = {
  invalido: 'CEP inválido',
  naoEncontrado: 'CEP não encontrado. Preencha o endereço manualmente.',
  indisponivel: 'Serviço de CEP indisponível no momento. Preencha o endereço manualmente.',
} as const;
