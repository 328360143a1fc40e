/**
 * Human numbers per unit (venda nº 1234, devolução nº 12, caixa nº 7). The upsert takes the
 * counter's row lock until the transaction ends, so concurrent tills never share a number.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type NomeContador = 'venda' | 'devolucao' | 'caixa' | 'compra';

/** The next number of `nome` in the scope's unit (1, 2, 3…). */
export const proximoNumero = async (tx: Db, nome: NomeContador): Promise<number> => {
  const [row] = await queryRows<{ valor: string | number }>(
    tx,
    sql`
    insert into contadores (nome, valor) values (${nome}, 1)
    on conflict (unidade_negocio_id, nome) do update set valor = contadores.valor + 1
    returning valor`,
  );
  return Number(row!.valor);
};

/**
 * The number for sale `vendaId` of unit `scope.unidadeNegocioId` when no sale has that id yet
 * (undefined when one exists), taken before the save (pdv/pdv-transaction.ts, see
 * `PdvContexto.numeroVenda`) so that the counter's row is locked for one statement instead of
 * for the whole save: tills saving new sales at once do not queue behind each other (a failed
 * save leaves a gap in the numbers).
 *
 * ONE autocommitted statement on the plain database handle (the table owner: no transaction,
 * no tenant scope, so one round trip instead of five). The tenant and unit are the
 * authenticated request's, passed explicitly; the statement writes only that unit's counter
 * and reads nothing but whether the id is taken.
 */
export const reservarNumeroVenda = async (
  db: Db,
  scope: { tenantId: string; unidadeNegocioId: string },
  vendaId: string,
): Promise<number | undefined> => {
  // synchronous_commit off for this statement's own transaction: its commit does not wait for
  // the WAL to reach the disk, so the counter's row lock is released at once instead of after a
  // flush (every till of the unit queues on that row). Safe: the sale's own transaction commits
  // later, synchronously, which flushes the WAL up to it, this increment included; should the
  // machine fail before that, the number was never used by a sale and is simply taken again.
  const [row] = await queryRows<{ valor: string | number }>(
    db,
    sql`
    insert into contadores (tenant_id, unidade_negocio_id, nome, valor)
    select ${scope.tenantId}::uuid, ${scope.unidadeNegocioId}::uuid, 'venda', 1
      from (select set_config('synchronous_commit', 'off', true)) as assincrono
     where not exists (select 1 from vendas where id = ${vendaId}::uuid)
    on conflict (unidade_negocio_id, nome) do update set valor = contadores.valor + 1
    returning valor`,
  );
  return row ? Number(row.valor) : undefined;
};
