/**
 * The fiscal area under /api/fiscal (issue #18; spec §7 "Fiscal", DOMAIN.md §8): NFC-e
 * emission, the documents' list, retry, cancellation and inutilização (documentos-routes.ts),
 * the documents' files — DANFE PDF, XML, the month's zip (documentos-arquivos-routes.ts) — and the
 * products' fiscal status (produto-situacao-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentosArquivosRoutes } from './documentos-arquivos-routes.ts';
import { documentosRoutes } from './documentos-routes.ts';
import { produtoSituacaoRoutes } from './produto-situacao-routes.ts';

export const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(documentosRoutes);
  await app.register(documentosArquivosRoutes);
  await app.register(produtoSituacaoRoutes, { prefix: '/produto-situacao' });
};
