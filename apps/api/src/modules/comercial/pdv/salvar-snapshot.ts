/**
 * POST /pdv/snapshot (spec §2 "take a snapshot"; DOMAIN.md §6 "Snapshot"): the till saves the
 * record it is working on every few seconds, so a reload or a crash loses nothing. The record
 * is written as a draft (`gravarVenda`: items, totals, new payments, no stock or money moved)
 * and the client's full working record is kept as is (`registro`), returned by GET /pdv/{id}.
 * The sale stays being served. A late snapshot of a sale already finalised or cancelled (the
 * autosave racing the final save) changes nothing and answers the sale as it is.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { snapshotInputSchema } from '@petshop/shared/venda';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { vendas } from '../../../db/schema/index.ts';
import { gravarVenda } from '../vendas/gravar-venda.ts';
import { findVendaForUpdate } from '../vendas/vendas-repository.ts';
import { assertPermissaoTipo, type PdvContexto } from '../pdv-contexto.ts';

/** See the file's comment. Answers the sale's id. */
export const salvarSnapshot = async (tx: Db, input: z.output<typeof snapshotInputSchema>, ctx: PdvContexto): Promise<string> => {
  assertPermissaoTipo(ctx, input.venda.tipo);
  const existente = await findVendaForUpdate(tx, input.venda.id);
  if (existente && (existente.status !== 'EmAberto' || existente.statusOrcamento === 'Convertido')) return existente.id;
  const { venda } = await gravarVenda(tx, input.venda, ctx, { travada: existente });
  await tx
    .update(vendas)
    .set({ snapshot: input.registro ?? null, snapshotEm: sql`now()` })
    .where(and(eq(vendas.id, venda.id), eq(vendas.status, 'EmAberto')));
  return venda.id;
};
