import { loginOutputSchema, type LoginInput, type LoginOutput } from '@petshop/shared/auth';
import { http } from '#lib/http/http.ts';

/** POST /auth/login → `{ accessToken, user }`; 400 'E-mail ou senha inválidos', 429 too many attempts. */
export const login = async (input: LoginInput): Promise<LoginOutput> => {
  const { data } = await http.post<unknown>('/auth/login', input);
  return loginOutputSchema.parse(data);
};
