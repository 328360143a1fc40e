/** Auth calls of spec §7: login, current user, password change, profiles; password reset by e-mail (issue #15). */
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alterarSenhaInputSchema,
  ESQUECI_SENHA_MENSAGEM,
  esqueciSenhaInputSchema,
  esqueciSenhaOutputSchema,
  loginInputSchema,
  loginOutputSchema,
  redefinirSenhaInputSchema,
  sessionUserSchema,
} from '@petshop/shared/auth';
import { apiErrorSchema, okSchema } from '@petshop/shared/http';
import { perfilSchema } from '@petshop/shared/perfil';
import { perfis } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/errors.ts';
import { createMailer } from '../../lib/mail.ts';
import { alterarSenha } from './alterar-senha.ts';
import { waitForBackground, runInBackground, solicitarRedefinicaoSenha } from './esqueci-senha.ts';
import { login } from './login.ts';
import { redefinirSenha } from './redefinir-senha.ts';
import { getSessionUser } from './session-user.ts';

/** Rate limit of the password reset calls: LOGIN_RATE_LIMIT per minute per IP, like the login's. */
const resetRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: { ip: string }) => `senha:${request.ip}`,
  errorResponseBuilder: (_request: unknown, context: { ttl: number }) => ({
    statusCode: 429,
    errors: {
      generalErrors: [`Muitas solicitações. Aguarde ${Math.ceil(context.ttl / 1000)} segundos e tente novamente.`],
    },
  }),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer(app.appConfig, app.log);
  app.addHook('onClose', async () => {
    await waitForBackground();
    mailer.close();
  });

  /** `{ email, senha }` → `{ accessToken, user }`; 400 generalErrors on wrong credentials; 429 past the rate limit. */
  app.post(
    '/login',
    {
      config: {
        public: true,
        rateLimit: {
          max: app.appConfig.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            errors: {
              generalErrors: [`Muitas tentativas de login. Aguarde ${Math.ceil(context.ttl / 1000)} segundos e tente novamente.`],
            },
          }),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Entrar com e-mail e senha',
        body: loginInputSchema,
        response: { 200: loginOutputSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => login(app, request.body),
  );

  /**
   * `{ email }` → 200 `{ mensagem }`, always the same message and at once (never tells whether the
   * e-mail is known); the link is made and e-mailed after the answer (esqueci-senha.ts). 429 past the rate limit.
   */
  app.post(
    '/esqueci-senha',
    {
      config: { public: true, rateLimit: resetRateLimit(app.appConfig.loginRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Esqueci minha senha: envia por e-mail um link para redefinir a senha',
        body: esqueciSenhaInputSchema,
        response: { 200: esqueciSenhaOutputSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const baseUrl = app.appConfig.appUrl ?? `${request.protocol}://${request.host}`;
      const { email } = request.body;
      runInBackground(request.log, () => solicitarRedefinicaoSenha(app.db, mailer, request.log, { email, baseUrl }));
      return { mensagem: ESQUECI_SENHA_MENSAGEM };
    },
  );

  /** `{ token, novaSenha, confirmacaoSenha }` → `{ ok: true }`; every session of the user ends; 400 'Link inválido ou expirado'. */
  app.post(
    '/redefinir-senha',
    {
      config: { public: true, rateLimit: resetRateLimit(app.appConfig.loginRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Redefinir a senha com o link recebido por e-mail (encerra as sessões do usuário)',
        body: redefinirSenhaInputSchema,
        response: { 200: okSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await redefinirSenha(app.db, request.body, request.ip);
      return { ok: true as const };
    },
  );

  /** The session user; 401 when the token is missing, expired or revoked. */
  app.get(
    '/me',
    { schema: { tags: ['auth'], summary: 'Usuário da sessão', response: { 200: sessionUserSchema, 401: apiErrorSchema } } },
    async (request) => {
      if (!request.auth) throw unauthorized();
      return getSessionUser(app.db, request.auth.usuarioId);
    },
  );

  /** `{ senhaAtual, novaSenha, confirmacaoSenha }` → `{ accessToken }`; other sessions end. */
  app.post(
    '/alterar-senha',
    {
      schema: {
        tags: ['auth'],
        summary: 'Alterar a própria senha (encerra as outras sessões)',
        body: alterarSenhaInputSchema,
        response: { 200: z.object({ accessToken: z.string() }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      return alterarSenha(app, request.auth, request.body, request.ip);
    },
  );

  /** The fixed profiles of DOMAIN.md §1 with their permissions. */
  app.get(
    '/perfis',
    { schema: { tags: ['auth'], summary: 'Perfis de acesso', response: { 200: z.array(perfilSchema) } } },
    async () => app.db.select().from(perfis).orderBy(asc(perfis.nome)),
  );
};
