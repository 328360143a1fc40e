/**
 * Species, breeds and coats of the scope's tenant (row-level security keeps other tenants'
 * rows out of reach). Lists are ordered by name ignoring case and accents; breeds put SRD
 * ("sem raça definida") first and are also found by their synonyms ('vira-lata').
 */
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  Especie,
  ListEspeciesQuery,
  ListPelagensQuery,
  ListRacasQuery,
  Pelagem,
  Porte,
  Raca,
} from '@petshop/shared/especie';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { especies, pelagens, pets, racas } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';

const porNome = (column: AnyPgColumn) => [asc(sql`f_busca(${column})`), asc(column)];
const offset = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;
const ativoFilter = (column: AnyPgColumn, ativo: string | undefined) => (ativo ? eq(column, ativo === 'true') : undefined);

export const listEspecies = async (tx: Db, query: ListEspeciesQuery): Promise<Page<Especie>> => {
  const where = and(query.query ? containsText(especies.nome, query.query) : undefined, ativoFilter(especies.ativo, query.ativo));
  const items = await tx
    .select({ id: especies.id, nome: especies.nome, ativo: especies.ativo })
    .from(especies)
    .where(where)
    .orderBy(...porNome(especies.nome))
    .limit(query.pageSize)
    .offset(offset(query));
  const [total] = await tx.select({ value: count() }).from(especies).where(where);
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
};

export const findEspecie = async (tx: Db, id: string): Promise<Especie | null> => {
  const [row] = await tx
    .select({ id: especies.id, nome: especies.nome, ativo: especies.ativo })
    .from(especies)
    .where(eq(especies.id, id));
  return row ?? null;
};

const racaColumns = {
  id: racas.id,
  nome: racas.nome,
  especieId: racas.especieId,
  especieNome: especies.nome,
  porte: sql<Porte | null>`${racas.porte}`,
  sinonimos: racas.sinonimos,
  ativo: racas.ativo,
};

/** SRD ("sem raça definida", the most common answer) before the other breeds (issue #15). */
const srdPrimeiro = asc(sql`case when f_busca(${racas.nome}) like 'srd%' then 0 else 1 end`);

const racaFilters = (query: ListRacasQuery | ListPelagensQuery, table: typeof racas | typeof pelagens): SQL | undefined =>
  and(
    query.query ? containsText(table.nome, query.query) : undefined,
    query.especieId ? eq(table.especieId, query.especieId) : undefined,
    ativoFilter(table.ativo, query.ativo),
  );

/**
 * GET /api/animal/racas: `query` matches the name or the synonyms (accent- and
 * case-insensitive); SRD first, then by name, then by species.
 */
export const listRacas = async (tx: Db, query: ListRacasQuery): Promise<Page<Raca>> => {
  const where = and(
    query.query ? or(containsText(racas.nome, query.query), containsText(racas.sinonimos, query.query)) : undefined,
    racaFilters({ ...query, query: undefined }, racas),
  );
  const items = await tx
    .select(racaColumns)
    .from(racas)
    .innerJoin(especies, eq(especies.id, racas.especieId))
    .where(where)
    .orderBy(srdPrimeiro, ...porNome(racas.nome), asc(especies.nome))
    .limit(query.pageSize)
    .offset(offset(query));
  const [total] = await tx.select({ value: count() }).from(racas).where(where);
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
};

export const findRaca = async (tx: Db, id: string): Promise<Raca | null> => {
  const [row] = await tx
    .select(racaColumns)
    .from(racas)
    .innerJoin(especies, eq(especies.id, racas.especieId))
    .where(eq(racas.id, id));
  return row ?? null;
};

const pelagemColumns = {
  id: pelagens.id,
  nome: pelagens.nome,
  especieId: pelagens.especieId,
  especieNome: especies.nome,
  ativo: pelagens.ativo,
};

export const listPelagens = async (tx: Db, query: ListPelagensQuery): Promise<Page<Pelagem>> => {
  const where = racaFilters(query, pelagens);
  const items = await tx
    .select(pelagemColumns)
    .from(pelagens)
    .innerJoin(especies, eq(especies.id, pelagens.especieId))
    .where(where)
    .orderBy(...porNome(pelagens.nome), asc(especies.nome))
    .limit(query.pageSize)
    .offset(offset(query));
  const [total] = await tx.select({ value: count() }).from(pelagens).where(where);
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
};

export const findPelagem = async (tx: Db, id: string): Promise<Pelagem | null> => {
  const [row] = await tx
    .select(pelagemColumns)
    .from(pelagens)
    .innerJoin(especies, eq(especies.id, pelagens.especieId))
    .where(eq(pelagens.id, id));
  return row ?? null;
};

/** How many pets use a species, breed or coat. */
export const countPetsCom = async (tx: Db, campo: 'especieId' | 'racaId' | 'pelagemId', id: string): Promise<number> => {
  const [row] = await tx.select({ value: count() }).from(pets).where(eq(pets[campo], id));
  return row?.value ?? 0;
};
