/**
 * Users of the scope's tenant. Every function takes a tenant-scoped handle (request.scoped),
 * so row-level security keeps other tenants' users out of reach.
 */
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@petshop/shared/http';
import type { ListUsuariosQuery, Usuario } from '@petshop/shared/usuario';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { perfis, unidadesNegocio, usuarioUnidades, usuarios } from '../../db/schema/index.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';

type UsuarioRow = typeof usuarios.$inferSelect;

const toUsuario = (row: UsuarioRow, unidades: Usuario['unidades']): Usuario => ({
  id: row.id,
  nome: row.nome,
  email: row.email,
  cpf: row.cpf,
  telefone: row.telefone,
  crmv: row.crmv,
  fotoUrl: arquivoUrl(row.fotoArquivoId),
  ativo: row.ativo,
  descontoMaximo: row.descontoMaximo === null ? null : Number(row.descontoMaximo),
  operadorPlataforma: row.operadorPlataforma,
  unidades,
  createdAt: row.createdAt.toISOString(),
});

const loadUnidades = async (tx: Db, ids: string[]) => {
  if (ids.length === 0) return new Map<string, Usuario['unidades']>();
  const rows = await tx
    .select({
      usuarioId: usuarioUnidades.usuarioId,
      unidadeNegocioId: usuarioUnidades.unidadeNegocioId,
      unidadeNegocioNome: unidadesNegocio.nomeFantasia,
      perfilId: usuarioUnidades.perfilId,
      perfilNome: perfis.nome,
    })
    .from(usuarioUnidades)
    .innerJoin(unidadesNegocio, eq(unidadesNegocio.id, usuarioUnidades.unidadeNegocioId))
    .innerJoin(perfis, eq(perfis.id, usuarioUnidades.perfilId))
    .where(inArray(usuarioUnidades.usuarioId, ids))
    .orderBy(asc(unidadesNegocio.nomeFantasia));
  const map = new Map<string, Usuario['unidades']>();
  for (const { usuarioId, ...unidade } of rows) map.set(usuarioId, [...(map.get(usuarioId) ?? []), unidade]);
  return map;
};

export const listUsuarios = async (tx: Db, query: ListUsuariosQuery): Promise<Page<Usuario>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) filters.push(or(containsText(usuarios.nome, query.query), containsText(usuarios.email, query.query)));
  if (query.ativo) filters.push(eq(usuarios.ativo, query.ativo === 'true'));
  const where = and(...filters);
  // One query after the other: a transaction is one connection (pg warns on overlapping queries).
  const rows = await tx
    .select()
    .from(usuarios)
    .where(where)
    .orderBy(asc(usuarios.nome))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ value: count() }).from(usuarios).where(where);
  const unidades = await loadUnidades(
    tx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toUsuario(r, unidades.get(r.id) ?? [])),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

export const findUsuario = async (tx: Db, id: string): Promise<Usuario | null> => {
  const [row] = await tx.select().from(usuarios).where(eq(usuarios.id, id));
  if (!row) return null;
  const unidades = await loadUnidades(tx, [id]);
  return toUsuario(row, unidades.get(id) ?? []);
};

/** Active users of the tenant, other than `exceptId`, who are Administrador in some active unit. */
export const countOtherActiveAdmins = async (tx: Db, exceptId: string): Promise<number> => {
  const [row] = await tx
    .select({ value: sql<number>`count(distinct ${usuarios.id})::int` })
    .from(usuarios)
    .innerJoin(usuarioUnidades, eq(usuarioUnidades.usuarioId, usuarios.id))
    .innerJoin(unidadesNegocio, eq(unidadesNegocio.id, usuarioUnidades.unidadeNegocioId))
    .where(
      and(
        ne(usuarios.id, exceptId),
        eq(usuarios.ativo, true),
        eq(unidadesNegocio.ativo, true),
        eq(usuarioUnidades.perfilId, 'administrador'),
      ),
    );
  return row?.value ?? 0;
};

export const countActiveUsuarios = async (tx: Db): Promise<number> => {
  const [row] = await tx.select({ value: count() }).from(usuarios).where(eq(usuarios.ativo, true));
  return row?.value ?? 0;
};
