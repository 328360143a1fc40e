/** Product categories of the scope's tenant (row-level security keeps other tenants out). */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CategoriaProduto, ListCategoriasProdutoQuery } from '@petshop/shared/categoria-produto';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { categoriasProduto } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from './shared.ts';

const pai = alias(categoriasProduto, 'categoria_pai');

const select = (tx: Db) =>
  tx
    .select({
      id: categoriasProduto.id,
      nome: categoriasProduto.nome,
      categoriaPaiId: categoriasProduto.categoriaPaiId,
      categoriaPaiNome: pai.nome,
      ativo: categoriasProduto.ativo,
    })
    .from(categoriasProduto)
    .leftJoin(pai, eq(pai.id, categoriasProduto.categoriaPaiId));

/** Search by name (contains, accent-insensitive), `ativo` and parent filters; ordered by name. */
export const listCategoriasProduto = async (tx: Db, query: ListCategoriasProdutoQuery): Promise<Page<CategoriaProduto>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) filters.push(containsText(categoriasProduto.nome, query.query));
  if (query.ativo) filters.push(eq(categoriasProduto.ativo, query.ativo === 'true'));
  if (query.categoriaPaiId) filters.push(eq(categoriasProduto.categoriaPaiId, query.categoriaPaiId));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  // One after the other: a transaction is one connection (pg warns on overlapping queries).
  const items = await select(tx)
    .where(where)
    .orderBy(...alphabetical(categoriasProduto.nome), asc(categoriasProduto.id))
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, categoriasProduto, where);
  return pageOfRows(items, total, query);
};

export const findCategoriaProduto = async (tx: Db, id: string): Promise<CategoriaProduto | null> => {
  const [row] = await select(tx).where(eq(categoriasProduto.id, id));
  return row ?? null;
};

/** `categoriaId` and every category below it (SQL subquery of ids). */
export const categoriaEDescendentes = (categoriaId: string): SQL =>
  sql`(with recursive arvore(id) as (
    select ${categoriasProduto.id} from ${categoriasProduto} where ${categoriasProduto.id} = ${categoriaId}
    union
    select c.id from ${categoriasProduto} c join arvore on c.categoria_pai_id = arvore.id
  ) select id from arvore)`;

/** Ids of `id` and its ancestors, nearest first (stops at a cycle). */
export const listAncestrais = async (tx: Db, id: string): Promise<string[]> => {
  const result = (await tx.execute(sql`with recursive cadeia(id, pai) as (
      select ${categoriasProduto.id}, ${categoriasProduto.categoriaPaiId} from ${categoriasProduto} where ${categoriasProduto.id} = ${id}
      union
      select c.id, c.categoria_pai_id from ${categoriasProduto} c join cadeia on c.id = cadeia.pai
    ) select id from cadeia`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
};
