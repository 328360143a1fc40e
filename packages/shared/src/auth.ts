/**
 * Authentication contracts: login, the session user, password change.
 * Source: product spec §3 (Session), §7 (Auth calls); issue #2 item 4.
 */
import { z } from 'zod';
import { emailSchema, novaSenhaSchema } from './validators.ts';

/** POST /api/auth/login body. */
export const loginInputSchema = z.object({
  email: emailSchema,
  senha: z.string({ error: 'Senha é obrigatória' }).min(1, { error: 'Senha é obrigatória' }).max(200),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** A unit the user may work in, with their profile there. */
export const sessionUnidadeSchema = z.object({
  id: z.string(),
  nome: z.string(),
  perfil: z.object({ id: z.string(), nome: z.string() }),
  permissoes: z.array(z.string()),
  timeZone: z.string(),
});
export type SessionUnidade = z.infer<typeof sessionUnidadeSchema>;

/** The `user` of login and GET /api/auth/me. */
export const sessionUserSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  fotoUrl: z.string().nullable(),
  operadorPlataforma: z.boolean(),
  tenant: z.object({ id: z.string(), nome: z.string() }),
  unidadesNegocio: z.array(sessionUnidadeSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Answer of login and onboarding. */
export const loginOutputSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema,
});
export type LoginOutput = z.infer<typeof loginOutputSchema>;

/** POST /api/auth/alterar-senha body; answers a fresh `{ accessToken }` (other sessions end). */
export const alterarSenhaInputSchema = z
  .object({
    senhaAtual: z.string({ error: 'Senha atual é obrigatória' }).min(1, { error: 'Senha atual é obrigatória' }),
    novaSenha: novaSenhaSchema,
    confirmacaoSenha: z.string({ error: 'Confirme a nova senha' }),
  })
  .refine((v) => v.novaSenha === v.confirmacaoSenha, {
    path: ['confirmacaoSenha'],
    error: 'A confirmação não confere com a nova senha',
  })
  .refine((v) => v.novaSenha !== v.senhaAtual, {
    path: ['novaSenha'],
    error: 'A nova senha deve ser diferente da atual',
  });
export type AlterarSenhaInput = z.infer<typeof alterarSenhaInputSchema>;

/** Names of the headers of spec §7. */
export const HEADERS = {
  unidadeNegocio: 'x-unidade-negocio',
  origin: 'x-origin',
  newAuthorization: 'x-new-authorization',
  xsrf: 'x-xsrf-token',
} as const;
/** The XSRF cookie name (spec §7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** POST /api/auth/esqueci-senha body ("Esqueci minha senha", issue #15). */
export const esqueciSenhaInputSchema = z.object({ email: emailSchema });
export type EsqueciSenhaInput = z.infer<typeof esqueciSenhaInputSchema>;

/** The one answer of POST /api/auth/esqueci-senha, whether or not the e-mail is known (never tells). */
export const ESQUECI_SENHA_MENSAGEM = 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.';
export const esqueciSenhaOutputSchema = z.object({ mensagem: z.string() });

/**
 * POST /api/auth/redefinir-senha body: the token of the e-mailed link and the new password twice,
 * with the rules of the password change (`novaSenhaSchema`, confirmation). Answers `{ ok: true }`.
 */
export const redefinirSenhaInputSchema = z
  .object({
    token: z.string({ error: 'Link inválido ou expirado' }).min(1, { error: 'Link inválido ou expirado' }).max(200),
    novaSenha: novaSenhaSchema,
    confirmacaoSenha: z.string({ error: 'Confirme a nova senha' }),
  })
  .refine((v) => v.novaSenha === v.confirmacaoSenha, {
    path: ['confirmacaoSenha'],
    error: 'A confirmação não confere com a nova senha',
  });
export type RedefinirSenhaInput = z.infer<typeof redefinirSenhaInputSchema>;
