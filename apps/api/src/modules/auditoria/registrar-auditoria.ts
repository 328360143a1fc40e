/**
 * Records one sensitive act in the audit log (issue #22 item 4), inside the act's own
 * transaction: the act and its trace commit together or not at all. Call it from the use case,
 * after the write succeeded, with a tenant-scoped `tx` (request.scoped / withTenant): the user,
 * unit and IP come from the scope (schema/auditoria.ts defaults), so the caller states only what
 * happened. `unidadeNegocioId: null` records a tenant-wide act (users, certificates).
 *
 * `antes`/`depois`: only the fields the act changed, in the domain's units (reais as numbers,
 * percent, kg); never secrets (passwords, keys, certificate contents) nor the personal data an
 * anonymisation erased.
 */
import { sql } from 'drizzle-orm';
import type { AcaoAuditoria, ValoresAuditoria } from '@petshop/shared/auditoria';
import type { Db } from '../../db/client.ts';
import { auditoriaEventos, tenants } from '../../db/schema/index.ts';

export type RegistroAuditoria = {
  acao: AcaoAuditoria;
  /** The kind of record: 'venda', 'produto', 'caixa', 'titulo', 'usuario', 'certificado', 'pessoa', 'relatorio', … */
  entidade: string;
  entidadeId?: string | null;
  /** One sentence in pt-BR: "Venda nº 123 cancelada: cliente desistiu". */
  descricao: string;
  antes?: ValoresAuditoria | null;
  depois?: ValoresAuditoria | null;
  /** Overrides the scope's unit; null = tenant-wide. */
  unidadeNegocioId?: string | null;
};

/** Inserts the event (see the file's comment). */
export const registrarAuditoria = async (tx: Db, registro: RegistroAuditoria): Promise<void> => {
  await tx.insert(auditoriaEventos).values({
    acao: registro.acao,
    entidade: registro.entidade,
    entidadeId: registro.entidadeId ?? null,
    descricao: registro.descricao,
    antes: registro.antes ?? null,
    depois: registro.depois ?? null,
    ...(registro.unidadeNegocioId !== undefined ? { unidadeNegocioId: registro.unidadeNegocioId } : {}),
  });
};

/**
 * Records one act of the platform that touched every tenant's data (the embedded database's
 * backup, `POST /api/manager/backup`) in each tenant's log, in one statement: no user (the act
 * is the machine's operator's, authorised by a token, not a session), tenant-wide, with `ip`.
 * `db` must be the owner's connection (not a tenant scope: it writes into every tenant).
 */
export const registrarAuditoriaEmTodosOsTenants = async (
  db: Db,
  registro: Omit<RegistroAuditoria, 'unidadeNegocioId'> & { ip?: string | null },
): Promise<void> => {
  await db.execute(
    sql`insert into ${auditoriaEventos} (tenant_id, unidade_negocio_id, usuario_id, acao, entidade, entidade_id, descricao, antes, depois, ip)
        select t.id, null, null, ${registro.acao}, ${registro.entidade}, ${registro.entidadeId ?? null}, ${registro.descricao},
               ${registro.antes ? JSON.stringify(registro.antes) : null}::jsonb, ${registro.depois ? JSON.stringify(registro.depois) : null}::jsonb,
               ${registro.ip ?? null}
          from ${tenants} t`,
  );
};
