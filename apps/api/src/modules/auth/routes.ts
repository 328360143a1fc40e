/** Auth calls of spec §7: login, current user, password change, profiles. */
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alterarSenhaInputSchema, loginInputSchema, loginOutputSchema, sessionUserSchema } from '@petshop/shared/auth';
import { apiErrorSchema } from '@petshop/shared/http';
import { perfilSchema } from '@petshop/shared/perfil';
import { perfis } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/errors.ts';
import { alterarSenha } from './alterar-senha.ts';
import { login } from './login.ts';
import { loadSessionUser } from './session-user.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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

  /** The session user; 401 when the token is missing, expired or revoked. */
  app.get(
    '/me',
    { schema: { tags: ['auth'], summary: 'Usuário da sessão', response: { 200: sessionUserSchema, 401: apiErrorSchema } } },
    async (request) => {
      if (!request.auth) throw unauthorized();
      return loadSessionUser(app.db, request.auth.usuarioId);
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
      return alterarSenha(app, request.auth, request.body);
    },
  );

  /** The fixed profiles of DOMAIN.md §1 with their permissions. */
  app.get(
    '/perfis',
    { schema: { tags: ['auth'], summary: 'Perfis de acesso', response: { 200: z.array(perfilSchema) } } },
    async () => app.db.select().from(perfis).orderBy(asc(perfis.nome)),
  );
};
