import type { AlterarSenhaInput } from '@petshop/shared/auth';
import { z } from 'zod';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

const outputSchema = z.object({ accessToken: z.string() });

/** POST /auth/alterar-senha → `{ accessToken }`: a fresh token (other sessions end). */
export const alterarSenha = async (input: AlterarSenhaInput, idempotencyKey?: string): Promise<{ accessToken: string }> => {
  const { data } = await http.post<unknown>('/auth/alterar-senha', input, idempotencyConfig(idempotencyKey));
  return outputSchema.parse(data);
};
