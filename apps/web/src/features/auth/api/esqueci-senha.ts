import { esqueciSenhaOutputSchema, type EsqueciSenhaInput } from '@petshop/shared/auth';
import { http } from '#lib/http/http.ts';

/**
 * POST /auth/esqueci-senha → `{ mensagem }`: always the same message, whether or not the e-mail
 * is registered (the link, if any, arrives by e-mail); 429 too many requests.
 */
export const esqueciSenha = async (input: EsqueciSenhaInput): Promise<{ mensagem: string }> => {
  const { data } = await http.post<unknown>('/auth/esqueci-senha', input);
  return esqueciSenhaOutputSchema.parse(data);
};
