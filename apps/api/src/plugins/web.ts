/**
 * Serves the built web app (apps/web/dist) on the same origin as the API, with the SPA
 * fallback: any GET outside /api that is not a file answers index.html. Unknown /api paths
 * answer 404 in the error format.
 *
 * Compression (issue #22 item 8): the build writes `<file>.br` and `<file>.gz` beside each text
 * file (apps/web/vite.config.ts); `preCompressed` sends the one the request's `accept-encoding`
 * prefers (br, then gzip, else the plain file) with `content-encoding` and, always,
 * `vary: accept-encoding`. Cache: hashed files under /assets/ `public, max-age=31536000,
 * immutable`; everything else (index.html, the SPA fallback, favicon) `no-cache`, revalidated
 * by ETag/Last-Modified, so a new build is seen on the next load.
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
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // Hashed assets never change; index.html (and the rest) must always be revalidated.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
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
