/**
 * GET /api/arquivos/{id}: a stored photo or logo. Public so that <img> tags can load it: the
 * id is a random UUID only handed to users of the tenant. Served with its MIME type,
 * `nosniff` and a sandboxing CSP, cached for a year (files are never rewritten, only replaced).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@petshop/shared/http';
import { arquivos } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

export const arquivosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/arquivos/:id',
    {
      config: { public: true },
      schema: { tags: ['geral'], summary: 'Arquivo armazenado (foto, logo)', params: idParamsSchema },
    },
    async (request, reply) => {
      const [file] = await app.db
        .select({ mimeType: arquivos.mimeType, conteudo: arquivos.conteudo })
        .from(arquivos)
        .where(eq(arquivos.id, request.params.id));
      if (!file) throw notFound('Arquivo não encontrado');
      return reply
        .header('content-type', file.mimeType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.conteudo);
    },
  );
};
