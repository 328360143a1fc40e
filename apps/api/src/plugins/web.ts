/**
 * Serves the built web app (apps/web/dist) on the same origin as the API, with the SPA
 * fallback: any GET outside /api that is not a file answers index.html. Unknown /api paths
 * answer 404 in the error format.
 */
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERAL_ERRORS } from '@petshop/shared/http';

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export const webPlugin = fp(
  async (app) => {
    const root = path.resolve(app.appConfig.webDist ?? defaultDist);
    const hasWeb = existsSync(path.join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        maxAge: '1h',
        setHeaders: (res, filePath) => {
          // Hashed assets never change; index.html must always be revalidated.
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    } else {
      app.log.warn(`Aplicação web não encontrada em ${root}: rode "npm run build" para servi-la.`);
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasWeb) {
        return reply.status(404).send({ errors: { [GENERAL_ERRORS]: ['Recurso não encontrado'] } });
      }
      // Files such as /assets/x.js that do not exist are real 404s, routes are the SPA.
      if (path.extname(url) && !url.endsWith('.html')) return reply.status(404).send('Not Found');
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'web' },
);
