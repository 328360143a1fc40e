/**
 * Human numbers per unit (venda nº 1234, devolução nº 12, caixa nº 7). The upsert takes the
 * counter's row lock until the transaction ends, so concurrent tills never share a number.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type NomeContador = 'venda' | 'devolucao' | 'caixa';

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
 * The number for sale `vendaId` when it is not saved yet (undefined when it exists). Run in its
 * own short transaction before the save (pdv-routes.ts), see `PdvContexto.numeroVenda`.
 */
export const reservarNumeroVenda = async (tx: Db, vendaId: string): Promise<number | undefined> => {
  const [existe] = await queryRows<{ id: string }>(tx, sql`select id from vendas where id = ${vendaId}`);
  return existe ? undefined : proximoNumero(tx, 'venda');
};
