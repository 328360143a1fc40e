/** Suppliers of the scope's tenant (row-level security keeps other tenants out). */
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { Fornecedor, ListFornecedoresQuery } from '@petshop/shared/fornecedor';
import type { Page } from '@petshop/shared/http';
import { onlyDigits } from '@petshop/shared/validators';
import type { Db } from '../../db/client.ts';
import { fornecedores } from '../../db/schema/index.ts';
import { startsWithText, containsText } from '../../db/search.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from './shared.ts';

type FornecedorRow = typeof fornecedores.$inferSelect;

export const toFornecedor = (row: FornecedorRow): Fornecedor => ({
  id: row.id,
  razaoSocial: row.razaoSocial,
  nomeFantasia: row.nomeFantasia,
  cpfCnpj: row.cpfCnpj,
  inscricaoEstadual: row.inscricaoEstadual,
  email: row.email,
  telefone: row.telefone,
  contato: row.contato,
  endereco: {
    cep: row.cep,
    logradouro: row.logradouro,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    uf: row.uf,
    codigoIbge: row.codigoIbge,
  },
  observacoes: row.observacoes,
  ativo: row.ativo,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Search by razão social or nome fantasia (contains, accent-insensitive) or by the start of
 * the CPF/CNPJ digits; `ativo` filter; ordered by razão social.
 */
export const listFornecedores = async (tx: Db, query: ListFornecedoresQuery): Promise<Page<Fornecedor>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) {
    const digits = onlyDigits(query.query);
    filters.push(
      or(
        containsText(fornecedores.razaoSocial, query.query),
        containsText(fornecedores.nomeFantasia, query.query),
        digits.length >= 3 ? startsWithText(fornecedores.cpfCnpj, digits) : undefined,
      ),
    );
  }
  if (query.ativo) filters.push(eq(fornecedores.ativo, query.ativo === 'true'));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  // One after the other: a transaction is one connection (pg warns on overlapping queries).
  const rows = await tx
    .select()
    .from(fornecedores)
    .where(where)
    .orderBy(...alphabetical(fornecedores.razaoSocial), asc(fornecedores.id))
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, fornecedores, where);
  return pageOfRows(rows.map(toFornecedor), total, query);
};

export const findFornecedor = async (tx: Db, id: string): Promise<Fornecedor | null> => {
  const [row] = await tx.select().from(fornecedores).where(eq(fornecedores.id, id));
  return row ? toFornecedor(row) : null;
};
