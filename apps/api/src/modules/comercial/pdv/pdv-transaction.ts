/**
 * The transaction of every write of the till (pdv-routes.ts): the use case runs in the request's
 * transaction and the sale it wrote is the answer (`vendaSchema`), read with the COMMIT.
 */
import type { FastifyRequest } from 'fastify';
import type { Venda } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { reservarNumeroVenda } from '../contador.ts';
import { contextoPdv, type PdvContexto } from '../pdv-contexto.ts';
import { findVenda } from '../vendas/vendas-repository.ts';

/** A use case of the till: writes in `tx` for the acting user and answers the sale's id. */
export type PdvWrite = (tx: Db, ctx: PdvContexto) => Promise<string>;

/** Runs `run` in one transaction and answers the sale it wrote (see `answerVenda`). */
export const runPdvWrite = async (request: FastifyRequest, run: PdvWrite): Promise<Venda> =>
  answerVenda(request, contextoPdv(request), run);

/**
 * `runPdvWrite` for the saves that finalise or leave a sale open: a sale `vendaId` not yet saved
 * gets its number first, in one statement of its own (`reservarNumeroVenda`): the unit's counter
 * row is then locked for a moment instead of for the whole save, so tills saving new sales at
 * once do not queue behind each other (a failed save leaves a gap).
 * The other writes do not: the autosave snapshot runs every few seconds on a sale that already
 * has its number, and an extra round trip there costs more than the short counter lock of a
 * first snapshot.
 */
export const runPdvWriteReservingNumero = async (request: FastifyRequest, vendaId: string, run: PdvWrite): Promise<Venda> => {
  const ctx = contextoPdv(request);
  if (request.auth && request.unidadeNegocioId)
    ctx.numeroVenda = await reservarNumeroVenda(
      request.server.db,
      { tenantId: request.auth.tenantId, unidadeNegocioId: request.unidadeNegocioId },
      vendaId,
    );
  return answerVenda(request, ctx, run);
};

/**
 * Runs `run` in the request's transaction and answers the sale whose id it answers. The answer's
 * read leaves with the COMMIT (one round trip fewer): the transaction answers it unawaited, inside
 * an object so the transaction does not wait for it, and it is awaited after the commit. Should
 * the read fail, the transaction was aborted: nothing committed.
 */
const answerVenda = async (request: FastifyRequest, ctx: PdvContexto, run: PdvWrite): Promise<Venda> => {
  const { venda } = await request.scoped(async (tx) => {
    const lida = findVenda(tx, await run(tx, ctx));
    lida.catch(() => undefined);
    return { venda: lida };
  });
  return (await venda)!;
};
