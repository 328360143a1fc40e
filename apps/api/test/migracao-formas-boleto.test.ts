/**
 * Migration 0017 (issue #15): tenants created before payables could be paid by boleto and bank
 * transfer get the "Boleto" and "Transferência bancária" methods; a tenant that has a method of that
 * kind or name keeps its own, and running it again adds nothing.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newTenant, useTestApp } from './helper.ts';

const ctx = useTestApp();
const MIGRACAO = readFileSync(new URL('../src/db/migrations/0017_formas_boleto_transferencia.sql', import.meta.url), 'utf8');

type Forma = { nome: string; tipo: string };
/** Thrown with what was read, to roll the transaction back. */
class Lidas extends Error {
  constructor(
    readonly antigo: Forma[],
    readonly proprio: Forma[],
  ) {
    super('rollback');
  }
}

describe('migration 0017: boleto and bank transfer for existing tenants', () => {
  it('adds the missing methods once, and keeps a tenant’s own', async () => {
    const antigo = await newTenant(ctx);
    const proprio = await newTenant(ctx);
    // As before this version: no boleto, no transfer; the second tenant named its transfer method itself.
    await ctx.database.db.execute(
      sql`delete from formas_pagamento where tenant_id in (${antigo.tenantId}, ${proprio.tenantId}) and tipo in ('boleto', 'transferencia')`,
    );
    await ctx.database.db.execute(
      sql`insert into formas_pagamento (tenant_id, nome, tipo) values (${proprio.tenantId}, 'TED/DOC', 'transferencia')`,
    );

    // Inside a transaction rolled back at the end: the migration touches every tenant of the
    // database, and other files' tenants (on PostgreSQL, in parallel) must not see it.
    const lidas = await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(MIGRACAO));
        await tx.execute(sql.raw(MIGRACAO));
        const ler = async (tenantId: string) =>
          (
            (await tx.execute(
              sql`select nome, tipo from formas_pagamento where tenant_id = ${tenantId} and tipo in ('boleto', 'transferencia') order by tipo, nome`,
            )) as unknown as { rows: Forma[] }
          ).rows;
        throw new Lidas(await ler(antigo.tenantId), await ler(proprio.tenantId));
      })
      .catch((err: unknown) => {
        if (err instanceof Lidas) return err;
        throw err;
      });

    expect(lidas.antigo).toEqual([
      { nome: 'Boleto', tipo: 'boleto' },
      { nome: 'Transferência bancária', tipo: 'transferencia' },
    ]);
    expect(lidas.proprio).toEqual([
      { nome: 'Boleto', tipo: 'boleto' },
      { nome: 'TED/DOC', tipo: 'transferencia' },
    ]);
  });
});
