/**
 * Idempotent writes. A POST/PUT/PATCH/DELETE of a signed-in user that carries an
 * `Idempotency-Key` header (the web app sends one per form submission) runs once:
 * - the first request claims the key (a row with no status yet) and runs;
 * - a 2xx answer is stored with the key; any other answer frees the key, so the user can
 *   fix the form and send again;
 * - a repetition of a finished request gets the stored answer again, with
 *   `idempotent-replayed: true`; one that arrives while the first still runs gets 409;
 * - a key reused for another route is a 400; claims older than `STALE_MS` without an answer
 *   (the process died) are taken over; answers are kept for `KEEP_MS`.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencia } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant-scope.ts';
import { AppError, badRequest } from '../lib/errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const STALE_MS = 2 * 60_000;
const KEEP_MS = 24 * 60 * 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const keyOf = (request: FastifyRequest): string | null => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !WRITE_METHODS.has(request.method) || !request.auth) return null;
  if (key.length > 200) throw badRequest('Idempotency-Key deve ter no máximo 200 caracteres');
  return key;
};

export const idempotencyPlugin = fp(
  async (app) => {
    app.decorateRequest('idempotencyKey', null);

    app.addHook('preHandler', async (request, reply) => {
      const key = keyOf(request);
      if (!key || !request.auth) return;
      const auth = request.auth;
      const rota = request.routeOptions.url ?? request.url;
      const scope = { tenantId: auth.tenantId };
      const existing = await withTenant(app.db, scope, async (tx) => {
        await tx.delete(idempotencia).where(lt(idempotencia.createdAt, new Date(Date.now() - KEEP_MS)));
        const [claimed] = await tx
          .insert(idempotencia)
          .values({ chave: key, usuarioId: auth.usuarioId, metodo: request.method, rota: `${rota}|${request.url}` })
          .onConflictDoNothing()
          .returning();
        if (claimed) return null;
        const [row] = await tx.select().from(idempotencia).where(eq(idempotencia.chave, key));
        if (row && row.status === null && row.createdAt.getTime() < Date.now() - STALE_MS) {
          await tx
            .update(idempotencia)
            .set({ createdAt: new Date(), usuarioId: auth.usuarioId })
            .where(eq(idempotencia.chave, key));
          return null;
        }
        return row ?? null;
      });
      if (!existing) {
        request.idempotencyKey = key;
        return;
      }
      if (
        existing.metodo !== request.method ||
        existing.rota !== `${rota}|${request.url}` ||
        existing.usuarioId !== auth.usuarioId
      ) {
        throw badRequest('Esta chave de idempotência já foi usada em outra operação');
      }
      if (existing.status === null) {
        throw new AppError(409, { generalErrors: ['Esta operação ainda está em andamento. Aguarde um instante.'] });
      }
      return reply
        .status(existing.status)
        .header('idempotent-replayed', 'true')
        .header('content-type', existing.contentType ?? 'application/json; charset=utf-8')
        .send(existing.resposta ?? '');
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      if (!key || !request.auth) return payload;
      request.idempotencyKey = null;
      const where = and(eq(idempotencia.chave, key), eq(idempotencia.usuarioId, request.auth.usuarioId));
      await withTenant(app.db, { tenantId: request.auth.tenantId }, async (tx) => {
        if (
          reply.statusCode >= 200 &&
          reply.statusCode < 300 &&
          (typeof payload === 'string' || payload === null || payload === undefined)
        ) {
          const contentType = reply.getHeader('content-type');
          await tx
            .update(idempotencia)
            .set({
              status: reply.statusCode,
              resposta: payload ?? '',
              contentType: typeof contentType === 'string' ? contentType : null,
            })
            .where(where);
        } else {
          await tx.delete(idempotencia).where(where);
        }
      });
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
