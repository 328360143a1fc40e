/**
 * What every new business unit starts with (issue #4 item 1: "a cash account and a bank
 * account"), listed in order in `unidadeDefaults` (each area keeps its function in its own
 * defaults.ts); `aplicarUnidadeDefaults` runs them inside the transaction that creates the unit:
 * criarUnidade (salvar-unidade.ts), the first unit of a new tenant (modules/tenants/defaults.ts)
 * and the demo's second unit.
 *
 * Unit-owned rows take their unit from the scope (`app.unidade_negocio_id`) and row-level
 * security only lets a transaction write its selected unit's rows, so the hooks run with the
 * scope switched to the new unit, and the caller's unit is restored afterwards.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { aplicarContasPadrao } from '../financeiro/defaults.ts';

export type UnidadeDefault = (tx: Db, ids: { unidadeNegocioId: string }) => Promise<void>;

/** Defaults every new unit gets, in order, run inside the creating transaction scoped to the new unit. */
export const unidadeDefaults: readonly UnidadeDefault[] = [
  // The drawer's cash account and a bank account.
  aplicarContasPadrao,
];

/**
 * Runs every `unidadeDefaults` hook for `unidadeNegocioId` inside `tx` (a tenant-scoped
 * transaction of the unit's tenant). On error the transaction is rolled back by its owner.
 */
export const aplicarUnidadeDefaults = async (tx: Db, unidadeNegocioId: string): Promise<void> => {
  const [atual] = await queryRows<{ id: string | null }>(tx, sql`select ${currentUnidadeNegocioId} as id`);
  await tx.execute(sql`select set_config('app.unidade_negocio_id', ${unidadeNegocioId}, true)`);
  for (const apply of unidadeDefaults) await apply(tx, { unidadeNegocioId });
  await tx.execute(sql`select set_config('app.unidade_negocio_id', ${atual?.id ?? ''}, true)`);
};
