/** Tenants as the manager area sees them, with unit and user totals. System handle (no RLS). */
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsText } from '../../db/search.ts';
import type { ListQuery, Page } from '@petshop/shared/http';
import type { Tenant } from '@petshop/shared/tenant';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';

// Correlated subqueries: written out because Drizzle drops the table qualifier of columns here.
const totalUnidades = sql<number>`(select count(*)::int from unidades_negocio u where u.tenant_id = "tenants"."id" and u.ativo)`;
const totalUsuarios = sql<number>`(select count(*)::int from usuarios u where u.tenant_id = "tenants"."id" and u.ativo)`;

const columns = {
  id: tenants.id,
  nome: tenants.nome,
  cnpj: tenants.cnpj,
  plano: tenants.plano,
  ativo: tenants.ativo,
  limiteUnidades: tenants.limiteUnidades,
  limiteUsuarios: tenants.limiteUsuarios,
  totalUnidades,
  totalUsuarios,
  createdAt: tenants.createdAt,
};

type Row = Omit<Tenant, 'createdAt'> & { createdAt: Date };
const toTenant = (row: Row): Tenant => ({ ...row, createdAt: row.createdAt.toISOString() });

export const listTenants = async (db: Db, query: ListQuery): Promise<Page<Tenant>> => {
  // CNPJ digits only when the query looks like a CNPJ (digits and punctuation), else the digits of
  // an e-mail or a name would match unrelated tenants.
  const digits = query.query && /^[\d./-]+$/.test(query.query) ? query.query.replace(/\D/g, '') : '';
  const where = query.query
    ? or(containsText(tenants.nome, query.query), digits ? ilike(tenants.cnpj, `%${digits}%`) : undefined)
    : undefined;
  const rows = await db
    .select(columns)
    .from(tenants)
    .where(where)
    .orderBy(desc(tenants.createdAt))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ value: count() }).from(tenants).where(where);
  return { items: rows.map(toTenant), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
};

export const findTenant = async (db: Db, id: string): Promise<Tenant | null> => {
  const [row] = await db
    .select(columns)
    .from(tenants)
    .where(and(eq(tenants.id, id)));
  return row ? toTenant(row) : null;
};
