import type { RedefinirSenhaInput } from '@petshop/shared/auth';
import { http } from '#lib/http/http.ts';

/** POST /auth/redefinir-senha → `{ ok: true }`; 400 'Link inválido ou expirado' or the password rules by field. */
export const redefinirSenha = async (input: RedefinirSenhaInput): Promise<void> => {
  await http.post<unknown>('/auth/redefinir-senha', input);
};
