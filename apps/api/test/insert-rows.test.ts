/**
 * db/insert-rows.ts: the hot path's INSERT with its text kept per shape behaves as Drizzle's
 * insert (defaults, conflicts, returning), inside the tenant scope, on both databases.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertRows } from '../src/db/insert-rows.ts';
import { marcas } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('insertRows', () => {
  it('writes the rows with the defaults of what they leave out, in the tenant scope set before it', async () => {
    const t = await newTenant(ctx);
    const [a, b] = [randomUUID(), randomUUID()];
    // The first statement of the transaction, issued without awaiting anything before it: the
    // scope (tenant_id's default) must still come first.
    const ids = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      insertRows<typeof marcas, { chave: string }>(
        tx,
        marcas,
        [
          { id: a, nome: 'Marca A' },
          { id: b, nome: 'Marca B', ativo: false },
        ],
        { returning: { chave: marcas.id } },
      ),
    );
    expect(ids).toEqual([{ chave: a }, { chave: b }]);
    const rows = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx
        .select()
        .from(marcas)
        .where(sql`${marcas.id} in (${a}, ${b})`)
        .orderBy(marcas.nome),
    );
    expect(rows.map((r) => [r.nome, r.ativo, r.tenantId])).toEqual([
      ['Marca A', true, t.tenantId],
      ['Marca B', false, t.tenantId],
    ]);
    expect(rows[0]!.createdAt).toBeTruthy();
  });

  it('on conflict does nothing and answers no row; another shape gets its own statement', async () => {
    const t = await newTenant(ctx);
    const id = randomUUID();
    const inserir = (nome: string) =>
      withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
        insertRows(tx, marcas, [{ id, nome }], { onConflictDoNothing: [marcas.id], returning: { id: marcas.id } }),
      );
    expect(await inserir('Primeira')).toEqual([{ id }]);
    expect(await inserir('Segunda')).toEqual([]);
    const [row] = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx.select().from(marcas).where(eq(marcas.id, id)),
    );
    expect(row!.nome).toBe('Primeira');
    // Without `returning` nothing is answered; an empty list writes nothing.
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
      expect(await insertRows(tx, marcas, [{ nome: 'Sem retorno' }])).toEqual([]);
      expect(await insertRows(tx, marcas, [])).toEqual([]);
    });
  });

  it('takes SQL expressions into the text, numbering their parameters among the others', async () => {
    const t = await newTenant(ctx);
    const [a, b] = [randomUUID(), randomUUID()];
    const rows = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      insertRows<typeof marcas, { id: string; nome: string; ativo: boolean }>(
        tx,
        marcas,
        [
          { id: a, nome: sql`upper(${'expressa'}) || ${' A'}`, ativo: false },
          { id: b, nome: sql`'Marca ' || 'B'` },
        ],
        { returning: { id: marcas.id, nome: marcas.nome, ativo: marcas.ativo } },
      ),
    );
    expect(rows).toEqual([
      { id: a, nome: 'EXPRESSA A', ativo: false },
      { id: b, nome: 'Marca B', ativo: true },
    ]);
  });
});
