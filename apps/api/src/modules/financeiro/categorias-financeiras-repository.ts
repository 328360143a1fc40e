/**
 * Financial categories of the scope's tenant (row-level security keeps other tenants out), as
 * a tree: each row answers its parent's name and its path from the root ('Despesas
 * operacionais › Aluguel'), and lists come in tree order (receitas first, then by path,
 * ignoring case and accents).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CAMINHO_SEPARADOR,
  type CategoriaFinanceira,
  type ListCategoriasFinanceirasQuery,
  type TipoCategoriaFinanceira,
} from '@petshop/shared/categoria-financeira';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { pageOfRows, pageWindow } from '../inventario/shared.ts';

/** Deepest level the path is followed to (the save rules keep the tree acyclic anyway). */
const PROFUNDIDADE_MAXIMA = 32;

/**
 * Every category reachable from a root with its display path and its sort key (lower case,
 * no accents, levels joined by chr(1) so a parent sorts right before its children).
 */
const arvore = sql`with recursive arvore(id, caminho, chave, nivel) as (
    select c.id, c.nome, f_busca(c.nome), 0 from categorias_financeiras c where c.categoria_pai_id is null
    union all
    select c.id, a.caminho || ${CAMINHO_SEPARADOR} || c.nome, a.chave || chr(1) || f_busca(c.nome), a.nivel + 1
    from categorias_financeiras c join arvore a on c.categoria_pai_id = a.id
    where a.nivel < ${PROFUNDIDADE_MAXIMA}
  )`;

type Row = {
  id: string;
  nome: string;
  tipo: string;
  categoria_pai_id: string | null;
  categoria_pai_nome: string | null;
  caminho: string;
  ativo: boolean;
};

const toCategoria = (r: Row): CategoriaFinanceira => ({
  id: r.id,
  nome: r.nome,
  tipo: r.tipo as TipoCategoriaFinanceira,
  categoriaPaiId: r.categoria_pai_id,
  categoriaPaiNome: r.categoria_pai_nome,
  caminho: r.caminho,
  ativo: r.ativo,
});

const whereOf = (filters: SQL[]): SQL => (filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``);

const selectRows = (where: SQL, tail: SQL = sql``): SQL => sql`${arvore}
  select c.id, c.nome, c.tipo, c.categoria_pai_id, p.nome as categoria_pai_nome, a.caminho, c.ativo
  from arvore a
  join categorias_financeiras c on c.id = a.id
  left join categorias_financeiras p on p.id = c.categoria_pai_id
  ${where}
  ${tail}`;

/** Optional search by name (contains, accent-insensitive), `tipo` and `ativo` filters; tree order. */
export const listCategoriasFinanceiras = async (
  tx: Db,
  query: ListCategoriasFinanceirasQuery,
): Promise<Page<CategoriaFinanceira>> => {
  const filters: SQL[] = [];
  if (query.query) filters.push(containsText(sql`c.nome`, query.query));
  if (query.tipo) filters.push(sql`c.tipo = ${query.tipo}`);
  if (query.ativo) filters.push(sql`c.ativo = ${query.ativo === 'true'}`);
  const where = whereOf(filters);
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<Row>(
    tx,
    selectRows(
      where,
      sql`order by case c.tipo when 'receita' then 0 else 1 end, a.chave collate "C", c.id limit ${limit} offset ${offset}`,
    ),
  );
  const [total] = await queryRows<{ total: number | string }>(
    tx,
    sql`${arvore} select count(*) as total from arvore a join categorias_financeiras c on c.id = a.id ${where}`,
  );
  return pageOfRows(rows.map(toCategoria), Number(total?.total ?? 0), query);
};

export const findCategoriaFinanceira = async (tx: Db, id: string): Promise<CategoriaFinanceira | null> => {
  const [row] = await queryRows<Row>(tx, selectRows(sql`where c.id = ${id}`));
  return row ? toCategoria(row) : null;
};

/** Ids of `id` and its ancestors, nearest first (stops at a cycle); empty when not in the tenant. */
export const listAncestraisCategoriaFinanceira = async (tx: Db, id: string): Promise<{ id: string; tipo: string }[]> =>
  queryRows<{ id: string; tipo: string }>(
    tx,
    sql`with recursive cadeia(id, pai, tipo, nivel) as (
      select c.id, c.categoria_pai_id, c.tipo, 0 from categorias_financeiras c where c.id = ${id}
      union
      select c.id, c.categoria_pai_id, c.tipo, cadeia.nivel + 1 from categorias_financeiras c join cadeia on c.id = cadeia.pai
      where cadeia.nivel < ${PROFUNDIDADE_MAXIMA}
    ) select id, tipo from cadeia order by nivel`,
  );
