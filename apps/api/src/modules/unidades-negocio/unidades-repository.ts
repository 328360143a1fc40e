/** Business units of the scope's tenant (RLS-scoped handle), shaped as the shared contract. */
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ListQuery, Page } from '@petshop/shared/http';
import { todayISO } from '@petshop/shared/format';
import type { MetodoCusto, UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { unidadesNegocio } from '../../db/schema/index.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';

type Row = typeof unidadesNegocio.$inferSelect;

const DAY_MS = 86_400_000;

/** Whole days from the unit's today (its time zone) to `validade` (yyyy-MM-dd); negative once expired. */
export const diasParaVencer = (validade: string | null, timeZone: string, now = new Date()): number | null => {
  if (!validade) return null;
  const hoje = Date.parse(`${todayISO(timeZone, now)}T00:00:00Z`);
  return Math.round((Date.parse(`${validade.slice(0, 10)}T00:00:00Z`) - hoje) / DAY_MS);
};

export const toUnidadeNegocio = (row: Row): UnidadeNegocio => ({
  id: row.id,
  nomeFantasia: row.nomeFantasia,
  razaoSocial: row.razaoSocial,
  cnpj: row.cnpj,
  inscricaoEstadual: row.inscricaoEstadual,
  telefone: row.telefone,
  email: row.email,
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
  timeZone: row.timeZone,
  logoUrl: arquivoUrl(row.logoArquivoId),
  ativo: row.ativo,
  permiteEstoqueNegativo: row.permiteEstoqueNegativo,
  metodoCusto: row.metodoCusto as MetodoCusto,
  fechamentoCego: row.fechamentoCego,
  fiscal: {
    crt: row.crt,
    ambiente: row.ambiente,
    nfceSerie: row.nfceSerie,
    nfceProximoNumero: row.nfceProximoNumero,
    cscId: row.cscId,
    cscTokenConfigurado: Boolean(row.cscTokenEnc),
    pixChave: row.pixChave,
    nfceEmissaoAutomatica: row.nfceEmissaoAutomatica,
    certificado: row.certificadoEnc
      ? {
          titular: row.certificadoTitular,
          validade: row.certificadoValidade,
          cnpj: row.certificadoCnpj,
          diasParaVencer: diasParaVencer(row.certificadoValidade, row.timeZone),
        }
      : null,
  },
  createdAt: row.createdAt.toISOString(),
});

/**
 * Active units; `onlyIds` restricts to the units a non-administrator belongs to.
 * Search by name, razão social, CNPJ digits or city.
 */
export const listUnidades = async (tx: Db, query: ListQuery, onlyIds?: string[]): Promise<Page<UnidadeNegocio>> => {
  const filters: (SQL | undefined)[] = [eq(unidadesNegocio.ativo, true)];
  if (onlyIds) filters.push(inArray(unidadesNegocio.id, onlyIds.length ? onlyIds : ['00000000-0000-0000-0000-000000000000']));
  if (query.query) {
    const digits = query.query.replace(/\D/g, '');
    filters.push(
      or(
        containsText(unidadesNegocio.nomeFantasia, query.query),
        containsText(unidadesNegocio.razaoSocial, query.query),
        containsText(unidadesNegocio.cidade, query.query),
        digits ? ilike(unidadesNegocio.cnpj, `%${digits}%`) : undefined,
      ),
    );
  }
  const where = and(...filters);
  // One query after the other: a transaction is one connection (pg warns on overlapping queries).
  const rows = await tx
    .select()
    .from(unidadesNegocio)
    .where(where)
    .orderBy(asc(unidadesNegocio.createdAt), asc(unidadesNegocio.nomeFantasia))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ value: count() }).from(unidadesNegocio).where(where);
  return { items: rows.map(toUnidadeNegocio), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
};

export const findUnidadeRow = async (tx: Db, id: string): Promise<Row | null> => {
  const [row] = await tx
    .select()
    .from(unidadesNegocio)
    .where(and(eq(unidadesNegocio.id, id), eq(unidadesNegocio.ativo, true)));
  return row ?? null;
};
