/**
 * XSRF double-submit check (spec §7: cookie XSRF-TOKEN, header X-XSRF-TOKEN). Every response
 * without the cookie sets it; a state-changing request that carries cookies must echo the
 * cookie's value in the header, else 403. Requests without cookies (bearer-only API
 * clients) are not affected: a browser attack needs the browser's cookies.
 */
import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { HEADERS, XSRF_COOKIE } from '@petshop/shared/auth';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const xsrfPlugin = fp(
  async (app) => {
    await app.register(fastifyCookie);

    app.addHook('onRequest', async (request, reply) => {
      if (!request.cookies[XSRF_COOKIE]) {
        reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          httpOnly: false,
          secure: request.protocol === 'https',
        });
      }
      if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[HEADERS.xsrf];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw forbidden('Falha na verificação de segurança (XSRF). Recarregue a página e tente novamente.');
      }
    });
  },
  { name: 'xsrf', dependencies: ['errors'] },
);
