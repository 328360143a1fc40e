/**
 * The audit log's reads (issue #22 item 4; the table auditoria_eventos, written by
 * registrar-auditoria.ts). Tenant-wide: row-level security keeps a tenant to its own events and
 * an Administrador sees every unit's (the table has no unit policy).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ACOES_AUDITORIA,
  ACAO_AUDITORIA_IDS,
  type AcaoAuditoria,
  type EventoAuditoria,
  type ListAuditoriaQuery,
} from '@petshop/shared/auditoria';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { auditoriaEventos, unidadesNegocio, usuarios } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { instantesDoPeriodo } from '../relatorios/periodo.ts';

type EventoRow = {
  id: string;
  criado_em: Date | string;
  acao: string;
  usuario_id: string | null;
  usuario_nome: string | null;
  unidade_negocio_id: string | null;
  unidade_negocio_nome: string | null;
  entidade: string;
  entidade_id: string | null;
  descricao: string;
  antes: Record<string, unknown> | string | null;
  depois: Record<string, unknown> | string | null;
  ip: string | null;
  total?: number | string;
};

/** jsonb arrives parsed from postgres.js and PGlite; a driver that answers text is read too. */
const json = (v: Record<string, unknown> | string | null): Record<string, unknown> | null =>
  v == null ? null : typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : v;

const toEvento = (r: EventoRow): EventoAuditoria => {
  // A code no longer known (an older release's) is shown as recorded rather than failing the page.
  const conhecida = (ACAO_AUDITORIA_IDS as readonly string[]).includes(r.acao);
  return {
    id: r.id,
    criadoEm: new Date(r.criado_em).toISOString(),
    acao: r.acao,
    acaoNome: conhecida ? ACOES_AUDITORIA[r.acao as AcaoAuditoria] : r.acao,
    usuarioId: r.usuario_id,
    usuarioNome: r.usuario_nome,
    unidadeNegocioId: r.unidade_negocio_id,
    unidadeNegocioNome: r.unidade_negocio_nome,
    entidade: r.entidade,
    entidadeId: r.entidade_id,
    descricao: r.descricao,
    antes: json(r.antes),
    depois: json(r.depois),
    ip: r.ip,
  };
};

/**
 * The tenant's events, newest first (criado_em, then id), paged, with today's names of the user
 * and unit recorded. Filters (all optional, listAuditoriaQuerySchema): `dataInicio`/`dataFim`
 * ('yyyy-MM-dd', both included, days in `timeZone` — the selected unit's), `acao`, `usuarioId`,
 * `unidadeNegocioId`, `entidade` + `entidadeId` (one record's history) and `query` (contained in
 * the description or the user's name, accents and case ignored). The period compares
 * `criado_em` to instants, so the (tenant_id, criado_em desc) index answers it.
 */
export const listEventosAuditoria = async (
  tx: Db,
  filtros: ListAuditoriaQuery,
  timeZone: string,
): Promise<Page<EventoAuditoria>> => {
  const conds: SQL[] = [sql`true`];
  if (filtros.dataInicio) {
    const { inicio } = instantesDoPeriodo({ dataInicio: filtros.dataInicio, dataFim: filtros.dataInicio }, timeZone);
    conds.push(sql`e.criado_em >= ${inicio}`);
  }
  if (filtros.dataFim) {
    const { fim } = instantesDoPeriodo({ dataInicio: filtros.dataFim, dataFim: filtros.dataFim }, timeZone);
    conds.push(sql`e.criado_em < ${fim}`);
  }
  if (filtros.acao) conds.push(sql`e.acao = ${filtros.acao}`);
  if (filtros.usuarioId) conds.push(sql`e.usuario_id = ${filtros.usuarioId}`);
  if (filtros.unidadeNegocioId) conds.push(sql`e.unidade_negocio_id = ${filtros.unidadeNegocioId}`);
  if (filtros.entidade) conds.push(sql`e.entidade = ${filtros.entidade}`);
  if (filtros.entidadeId) conds.push(sql`e.entidade_id = ${filtros.entidadeId}`);
  if (filtros.query)
    conds.push(sql`(${containsText(sql`e.descricao`, filtros.query)} or ${containsText(sql`u.nome`, filtros.query)})`);
  const offset = (filtros.page - 1) * filtros.pageSize;
  const rows = await queryRows<EventoRow>(
    tx,
    sql`select e.id, e.criado_em, e.acao, e.usuario_id, u.nome as usuario_nome, e.unidade_negocio_id,
               un.nome_fantasia as unidade_negocio_nome, e.entidade, e.entidade_id, e.descricao, e.antes, e.depois,
               e.ip, count(*) over () as total
          from ${auditoriaEventos} e
          left join ${usuarios} u on u.id = e.usuario_id
          left join ${unidadesNegocio} un on un.id = e.unidade_negocio_id
         where ${sql.join(conds, sql` and `)}
         order by e.criado_em desc, e.id desc
         limit ${filtros.pageSize} offset ${offset}`,
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  // A page past the end has no row to carry the count: count it apart.
  if (rows.length === 0 && offset > 0) {
    const [c] = await queryRows<{ total: number | string }>(
      tx,
      sql`select count(*) as total from ${auditoriaEventos} e left join ${usuarios} u on u.id = e.usuario_id
           where ${sql.join(conds, sql` and `)}`,
    );
    total = Number(c?.total ?? 0);
  }
  return { items: rows.map(toEvento), total, page: filtros.page, pageSize: filtros.pageSize };
};

/**
 * What the events `acao` of one record kept after the act (their `depois`), oldest first: lets a
 * use case see that it already happened (an anonymisation) or what an earlier authorization
 * covered (a discount). Reads the log under the scope's tenant.
 */
export const listDepoisDoRegistro = async (
  tx: Db,
  registro: { acao: AcaoAuditoria; entidade: string; entidadeId: string },
): Promise<Record<string, unknown>[]> => {
  const rows = await tx
    .select({ depois: auditoriaEventos.depois })
    .from(auditoriaEventos)
    .where(
      and(
        eq(auditoriaEventos.acao, registro.acao),
        eq(auditoriaEventos.entidade, registro.entidade),
        eq(auditoriaEventos.entidadeId, registro.entidadeId),
      ),
    )
    .orderBy(auditoriaEventos.criadoEm);
  return rows.map((r) => r.depois ?? {});
};
