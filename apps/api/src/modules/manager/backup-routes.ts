/**
 * `POST /api/manager/backup` (issue #22 item 5): the running server backs up its own embedded
 * database into DATA_DIR/backups and answers the file. Called by `npm run backup` while the
 * server runs (apps/api/src/db/backup-cli.ts): only this process may touch PGlite's folder
 * while it is open. Authorised by the header `x-backup-token` (`backupToken` of db/backup.ts,
 * signed with the server's JWT secret, valid one minute), not by a user's session: the
 * backup holds every tenant. Errors: 401 without a valid token; 400 on PostgreSQL (use
 * pg_dump, README "Backups"); 409 while another backup of this process runs. Audited: a
 * `DadosExportados` event in every tenant's log once the file is written.
 */
import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@petshop/shared/http';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { BACKUP_DIR_NAME, backupFileName, backupPgliteAberto, backupTokenValido } from '../../db/backup.ts';
import { registrarAuditoriaEmTodosOsTenants } from '../auditoria/registrar-auditoria.ts';

const backupOutputSchema = z.object({
  /** Absolute path of the written `.tar.gz`. */
  arquivo: z.string(),
  /** Its size in bytes. */
  bytes: z.number().int(),
});

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  let emAndamento = false;

  app.post(
    '/backup',
    {
      config: { public: true },
      schema: {
        tags: ['manager'],
        summary: 'Backup do banco embutido (npm run backup)',
        hide: true,
        response: { 200: backupOutputSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const token = request.headers['x-backup-token'];
      if (!backupTokenValido(app.appConfig.jwtSecret, typeof token === 'string' ? token : undefined)) throw unauthorized();
      const client = (app.db as unknown as { $client?: unknown }).$client;
      if (!(client instanceof PGlite)) {
        throw badRequest('O servidor usa PostgreSQL: faça o backup com pg_dump (veja "Backups" no README).');
      }
      if (emAndamento) throw new AppError(409, { generalErrors: ['Já há um backup em andamento'] });
      emAndamento = true;
      try {
        // The folder PGlite itself has open (not DATA_DIR from the config: tests run in memory).
        if (!client.dataDir || client.dataDir.startsWith('memory://')) throw badRequest('O banco embutido está em memória');
        const dataDir = path.resolve(client.dataDir);
        const arquivo = path.join(dataDir, BACKUP_DIR_NAME, backupFileName());
        const bytes = await backupPgliteAberto(client, dataDir, arquivo);
        request.log.info({ arquivo, bytes }, 'Backup do banco embutido gravado');
        // Every tenant's data left in the file: a data export in each tenant's log (issue #22 item 4),
        // once it is written (a failed backup exported nothing).
        await registrarAuditoriaEmTodosOsTenants(app.db, {
          acao: 'DadosExportados',
          entidade: 'backup',
          entidadeId: path.basename(arquivo),
          descricao: `Backup do banco embutido gravado no servidor (npm run backup): ${path.basename(arquivo)}, com os dados de todas as empresas`,
          depois: { formato: 'tar.gz', arquivo: path.basename(arquivo), bytes },
          ip: request.ip,
        });
        return { arquivo, bytes };
      } finally {
        emAndamento = false;
      }
    },
  );
};
