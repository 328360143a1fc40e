/**
 * Appointment types of the scope's tenant (row-level security keeps other tenants' rows out),
 * with the service product that prices them: its name and sale price (`preco`, reais).
 * Lists are ordered by name ignoring case and accents.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AreaAtendimento, ListTiposAtendimentoQuery, RecursoAtendimento, TipoAtendimento } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { runTogether } from '../../db/run-together.ts';
import { produtos, tiposAtendimento } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from '../inventario/shared.ts';

const select = (tx: Db) =>
  tx
    .select({
      id: tiposAtendimento.id,
      nome: tiposAtendimento.nome,
      area: tiposAtendimento.area,
      duracaoMinutos: tiposAtendimento.duracaoMinutos,
      cor: tiposAtendimento.cor,
      produtoId: tiposAtendimento.produtoId,
      produtoNome: produtos.nome,
      preco: produtos.precoVenda,
      recurso: tiposAtendimento.recurso,
      ativo: tiposAtendimento.ativo,
    })
    .from(tiposAtendimento)
    .leftJoin(produtos, eq(produtos.id, tiposAtendimento.produtoId));

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toTipo = (r: Row): TipoAtendimento => ({
  ...r,
  area: r.area as AreaAtendimento,
  recurso: r.recurso as RecursoAtendimento,
  preco: r.preco === null ? null : num(r.preco),
});

const filtros = (query: ListTiposAtendimentoQuery): SQL | undefined =>
  and(
    query.query ? containsText(tiposAtendimento.nome, query.query) : undefined,
    query.area ? eq(tiposAtendimento.area, query.area) : undefined,
    query.ativo ? eq(tiposAtendimento.ativo, query.ativo === 'true') : undefined,
  );

/** GET /api/agenda/tipos-atendimento: `query` matches the name (accents and case ignored); filters area, ativo. */
export const listTiposAtendimento = async (tx: Db, query: ListTiposAtendimentoQuery): Promise<Page<TipoAtendimento>> => {
  const where = filtros(query);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await runTogether(
    select(tx)
      .where(where)
      .orderBy(...alphabetical(tiposAtendimento.nome))
      .limit(limit)
      .offset(offset),
    countWhere(tx, tiposAtendimento, where),
  );
  return pageOfRows(rows.map(toTipo), total, query);
};

/** One type of the tenant, or null. */
export const findTipoAtendimento = async (tx: Db, id: string): Promise<TipoAtendimento | null> => {
  const [row] = await select(tx).where(eq(tiposAtendimento.id, id));
  return row ? toTipo(row) : null;
};
