/**
 * The audit log (issue #22 item 4): append-only. The app's role may only insert and read it
 * (db/client.ts revokes update, delete and truncate), and a trigger refuses update, delete and
 * truncate for every role, the owner included (migration 0035). Codes of `acao`:
 * @petshop/shared/auditoria ACOES_AUDITORIA. `usuarioId`, `unidadeNegocioId` and `ip` default to
 * the request's scope (db/tenant-scope.ts), so a use case records only what happened.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './core.ts';
import { currentUnidadeNegocioId, tenantIdColumn, tenantPolicy } from './tenancy.ts';

export const auditoriaEventos = pgTable(
  'auditoria_eventos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    /** The unit selected when it happened; null for tenant-wide acts (users, certificates). */
    unidadeNegocioId: uuid('unidade_negocio_id').default(currentUnidadeNegocioId),
    /** Who did it; null for the system (a job). No foreign key: the log outlives any row. */
    usuarioId: uuid('usuario_id').default(sql`nullif(current_setting('app.usuario_id', true), '')::uuid`),
    acao: text('acao').notNull(),
    entidade: text('entidade').notNull(),
    entidadeId: text('entidade_id'),
    descricao: text('descricao').notNull(),
    antes: jsonb('antes').$type<Record<string, unknown>>(),
    depois: jsonb('depois').$type<Record<string, unknown>>(),
    ip: text('ip').default(sql`nullif(current_setting('app.ip', true), '')`),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auditoria_eventos_tenant_criado_idx').on(t.tenantId, t.criadoEm.desc()),
    index('auditoria_eventos_entidade_idx').on(t.tenantId, t.entidade, t.entidadeId),
    tenantPolicy(),
  ],
);
