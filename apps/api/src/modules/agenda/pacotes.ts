/**
 * Packages sold at the till (DOMAIN.md §3; issue #17 item 6): a sale that is finalised with an
 * item whose product is a package (produtos.pacote_sessoes / pacote_validade_dias /
 * pacote_tipo_atendimento_id set) gives its customer one package per unit sold; cancelling the
 * sale, or returning the item, cancels them unless a session was already used. Sessions are
 * taken and given back in pacotes-sessoes.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest, fieldError } from '../../lib/errors.ts';

/**
 * What makes a product a package: `pacote_sessoes` set (the schema keeps its two companions,
 * validity and type, set with it). The one test of whether finalising a sale must run
 * `criarPacotesDaVenda`'s statement, so that only sales selling a package pay it (issue #17
 * "Performance": the till's hot path): over the till's own read of the sale's products
 * (`vendePacote`, salvar-venda) or, where the products were not read, in the finalising
 * statement itself (`vendePacoteSql`, efetivar-pagamentos' finalizarVenda `RETURNING`).
 */
export const vendePacote = (
  itens: readonly { produtoId: string }[],
  produtos: ReadonlyMap<string, { pacoteSessoes: number | null }>,
): boolean => itens.some((i) => produtos.get(i.produtoId)?.pacoteSessoes != null);

/** `vendePacote` in SQL: whether sale `vendaId` has an item whose product is a package (boolean). */
export const vendePacoteSql = (vendaId: string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from venda_itens i join produtos p on p.id = i.produto_id
     where i.venda_id = ${vendaId} and p.pacote_sessoes is not null)`;

/**
 * Creates the packages of finalised sale `vendaId`, in the caller's transaction (the sale's
 * finalisation: salvar-venda, efetivar-pagamentos' finalizarVenda, each only when the sale sells
 * a package: `vendePacote`, `vendePacoteSql`). For each item whose product
 * is a package: `quantidade` packages for the sale's customer and pet (pet null: any pet of the
 * customer), nome = the product's name, sessoes_total = pacote_sessoes, valido_ate = today in the
 * unit's time zone + pacote_validade_dias, linked to the sale and the item.
 *
 * Idempotent: an item that already has packages gets none again (finalising twice, retries).
 * One statement. 400 "Informe o cliente para vender um pacote" (clienteId) when the sale has no
 * customer, 400 on `itens` when a package is sold in a fractional quantity: the caller's
 * transaction (the whole sale) is rolled back. Answers how many packages were created.
 */
export const criarPacotesDaVenda = async (tx: Db, vendaId: string): Promise<number> => {
  const [row] = await queryRows<{ problema: string | null; criados: string | number }>(
    tx,
    sql`
    with itens as (
      select i.id, i.quantidade, p.id as produto_id, p.nome, p.pacote_sessoes, p.pacote_validade_dias,
             p.pacote_tipo_atendimento_id
        from venda_itens i join produtos p on p.id = i.produto_id
       where i.venda_id = ${vendaId} and p.pacote_sessoes is not null and p.pacote_validade_dias is not null
         and p.pacote_tipo_atendimento_id is not null
    ),
    venda as (select cliente_id, pet_id from vendas where id = ${vendaId}),
    problema as (
      select case
        when not exists (select 1 from itens) then null
        when (select cliente_id from venda) is null then 'cliente'
        when exists (select 1 from itens where quantidade <> trunc(quantidade)) then 'fracionado'
      end as problema
    ),
    hoje as (
      select (now() at time zone u.time_zone)::date as dia from unidades_negocio u where u.id = ${currentUnidadeNegocioId}
    ),
    criados as (
      insert into pacotes (cliente_id, pet_id, produto_id, tipo_atendimento_id, nome, venda_id, venda_item_id,
                           sessoes_total, valido_ate)
      select v.cliente_id, v.pet_id, i.produto_id, i.pacote_tipo_atendimento_id, i.nome, ${vendaId}, i.id,
             i.pacote_sessoes, h.dia + i.pacote_validade_dias
        from itens i cross join venda v cross join hoje h cross join generate_series(1, i.quantidade::int) n
       where (select problema from problema) is null
         and not exists (select 1 from pacotes x where x.venda_item_id = i.id)
      returning 1
    )
    select (select problema from problema) as problema, (select count(*) from criados) as criados`,
  );
  if (row?.problema === 'cliente') throw fieldError('clienteId', 'Informe o cliente para vender um pacote');
  if (row?.problema === 'fracionado') throw fieldError('itens', 'Pacotes são vendidos em quantidades inteiras');
  return Number(row?.criados ?? 0);
};

/**
 * Cancels the packages of sale `vendaId` (the sale is being cancelled: cancelar-venda), in the
 * caller's transaction. 400 "O pacote desta venda já foi usado" when a session of any of them
 * was taken (give the sessions back first by cancelling those appointments). Answers how many
 * were cancelled (0: the sale sold no package, or they were cancelled already).
 */
export const cancelarPacotesDaVenda = async (tx: Db, vendaId: string): Promise<number> => {
  const pacotes = await queryRows<{ id: string; sessoesUsadas: number }>(
    tx,
    sql`select id, sessoes_usadas as "sessoesUsadas" from pacotes
         where venda_id = ${vendaId} and not cancelado order by id for update`,
  );
  if (pacotes.length === 0) return 0;
  if (pacotes.some((p) => Number(p.sessoesUsadas) > 0)) throw badRequest('O pacote desta venda já foi usado');
  await tx.execute(sql`update pacotes set cancelado = true, updated_at = now() where venda_id = ${vendaId} and not cancelado`);
  return pacotes.length;
};

/**
 * Cancels `quantidade` packages of sale item `vendaItemId` being returned (a devolução of a
 * package), unused ones only: 400 "O pacote desta venda já foi usado" when fewer than
 * `quantidade` unused packages of the item are left. Items that are not packages: nothing.
 * Answers how many were cancelled.
 */
export const cancelarPacotesDoItem = async (tx: Db, vendaItemId: string, quantidade: number): Promise<number> => {
  const pacotes = await queryRows<{ id: string; sessoesUsadas: number }>(
    tx,
    sql`select id, sessoes_usadas as "sessoesUsadas" from pacotes
         where venda_item_id = ${vendaItemId} and not cancelado order by sessoes_usadas, id for update`,
  );
  if (pacotes.length === 0) return 0;
  if (quantidade !== Math.trunc(quantidade)) throw badRequest('Pacotes são devolvidos em quantidades inteiras');
  const livres = pacotes.filter((p) => Number(p.sessoesUsadas) === 0);
  if (livres.length < quantidade) throw badRequest('O pacote desta venda já foi usado');
  const ids = livres.slice(0, quantidade).map((p) => p.id);
  await tx.execute(
    sql`update pacotes set cancelado = true, updated_at = now() where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return ids.length;
};
