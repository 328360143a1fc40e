import type { LoginInput, LoginOutput } from '@petshop/shared/auth';
import { http } from '#lib/http/http.ts';

/** The answer's shape (`loginOutputSchema`), checked by hand: zod is not on the login page (issue #22 item 8). */
const isLoginOutput = (data: unknown): data is LoginOutput => {
  if (typeof data !== 'object' || data === null) return false;
  const { accessToken, user } = data as { accessToken?: unknown; user?: unknown };
  if (typeof accessToken !== 'string' || typeof user !== 'object' || user === null) return false;
  const { id, email, unidadesNegocio } = user as { id?: unknown; email?: unknown; unidadesNegocio?: unknown };
  return typeof id === 'string' && typeof email === 'string' && Array.isArray(unidadesNegocio);
};

/**
 * POST /auth/login → `{ accessToken, user }`; 400 'E-mail ou senha inválidos' (or the fields'
 * messages), 429 too many attempts. An answer of another shape rejects (shown as a general error).
 */
export const login = async (input: LoginInput): Promise<LoginOutput> => {
  const { data } = await http.post<unknown>('/auth/login', input);
  if (!isLoginOutput(data)) throw new Error('Resposta inesperada do servidor ao entrar');
  return data;
};
