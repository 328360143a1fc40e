/**
 * The products' fiscal status (issue #18 item 7; DOMAIN.md §4 "Situação fiscal"): each product
 * of the scope's tenant with what is missing or invalid for an NFC-e of the SELECTED unit's
 * regime (its CRT), by the rules of `@petshop/shared/situacao-fiscal`.
 *
 * Products are tenant-wide (row-level security on the tenant), the CRT is the unit's: the same
 * product may be complete for a Simples Nacional unit and incomplete for a normal-regime one.
 *
 * Speed on a 100 000-product catalogue: "incomplete first, then by name" and `pendentes=true`
 * need the status of every row, so the status is computed in SQL by {@link sqlSituacaoCompleta},
 * a predicate mirroring `problemasFiscais` built from the same constants (a test checks that
 * both agree on a generated set); the problems' messages are computed in TypeScript for the
 * page's rows only.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProdutoSituacao, ProdutoSituacaoQuery, ProdutosSituacaoPage } from '@petshop/shared/fiscal';
import { CSOSNS, CSTS_ICMS, CSTS_PIS_COFINS, ORIGENS } from '@petshop/shared/produto';
import {
  CFOP_ST,
  CFOPS_ICMS_RETIDO,
  CFOPS_NFCE,
  CSOSN_ICMS_RETIDO,
  CSOSNS_COM_ST,
  CST_ICMS_RETIDO,
  CSTS_COM_ST,
  crtSimples,
  problemasFiscais,
  type Crt,
} from '@petshop/shared/situacao-fiscal';
import type { Db } from '../../db/client.ts';
import { produtos, unidadesNegocio } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { countWhere, pageOfRows, pageWindow } from '../inventario/shared.ts';

/**
 * `value in ('a', 'b', …)` with the list written into the statement: these are our own code
 * tables (digits only), and a literal list is folded once by the planner where a `$1::text[]`
 * parameter would be parsed again for every row (seconds on 100 000 products in PGlite).
 */
const literal = (code: string): SQL => {
  if (!/^\d+$/.test(code)) throw new Error(`Código fiscal inválido: ${code}`);
  return sql.raw(`'${code}'`);
};
const anyOf = (value: SQL, list: readonly string[]): SQL =>
  sql`${value} in (${sql.join(
    list.map((code) => literal(code)),
    sql`, `,
  )})`;

/** The column as stored (the rules read values as stored, see `problemasFiscais`). */
const col = (column: SQL | AnyPgColumn): SQL => sql`${column}`;
/**
 * `length` ASCII digits: no regular expression (a regex per row cost twice as much as this
 * on 100 000 products in PGlite).
 */
const digits = (value: SQL, length: 7 | 8): SQL =>
  sql`(octet_length(${value}) = ${sql.raw(String(length))} and btrim(${value}, '0123456789') = '')`;
/** Missing: null or ''. */
const blank = (column: AnyPgColumn): SQL => sql`coalesce(${column}, '') = ''`;

/**
 * SQL boolean: whether the product has no fiscal problem for a unit with `crt` — the same
 * answer as `problemasFiscais(produto, crt).length === 0` (checked by
 * test/fiscal-produto-situacao.test.ts on a generated set). Never null.
 */
export const sqlSituacaoCompleta = (crt: Crt | string): SQL => {
  const simples = crtSimples(crt);
  const icms = col(simples ? produtos.csosn : produtos.cst);
  const ncm = col(produtos.ncm);
  const cfop = col(produtos.cfop);
  const cest = col(produtos.cest);
  const pisCofins = (column: AnyPgColumn) =>
    simples
      ? sql`(${blank(column)} or ${anyOf(col(column), Object.keys(CSTS_PIS_COFINS))})`
      : anyOf(col(column), Object.keys(CSTS_PIS_COFINS));
  const retido = simples ? CSOSN_ICMS_RETIDO : CST_ICMS_RETIDO;
  const comSt = anyOf(icms, simples ? CSOSNS_COM_ST : CSTS_COM_ST);
  return sql`(${produtos.tipo} = 'servico' or coalesce(
    ${digits(ncm, 8)} and ${ncm} <> '00000000'
    and ${anyOf(cfop, Object.keys(CFOPS_NFCE))}
    and ${anyOf(col(produtos.origem), Object.keys(ORIGENS))}
    and ${anyOf(icms, Object.keys(simples ? CSOSNS : CSTS_ICMS))}
    and (case when ${blank(produtos.cest)} then not ${comSt} else ${digits(cest, 7)} end)
    and (${cfop} <> ${literal(CFOP_ST)} or ${icms} = ${literal(retido)})
    and (${icms} <> ${literal(retido)} or ${anyOf(cfop, CFOPS_ICMS_RETIDO)})
    and ${pisCofins(produtos.pisCst)}
    and ${pisCofins(produtos.cofinsCst)}, false))`;
};

/** The CRT of unit `unidadeNegocioId` (404 when the scope's tenant has no such unit). */
export const getCrtUnidade = async (tx: Db, unidadeNegocioId: string): Promise<Crt> => {
  const [row] = await tx
    .select({ crt: unidadesNegocio.crt })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, unidadeNegocioId));
  if (!row) throw notFound('Unidade de negócio não encontrada');
  return row.crt as Crt;
};

const colunas = {
  id: produtos.id,
  nome: produtos.nome,
  codigo: produtos.codigo,
  codigoBarras: produtos.codigoBarras,
  tipo: produtos.tipo,
  ncm: produtos.ncm,
  cest: produtos.cest,
  cfop: produtos.cfop,
  origem: produtos.origem,
  csosn: produtos.csosn,
  cst: produtos.cst,
  pisCst: produtos.pisCst,
  cofinsCst: produtos.cofinsCst,
};
const selectSituacao = (tx: Db) => tx.select(colunas).from(produtos);
type Row = Awaited<ReturnType<ReturnType<typeof selectSituacao>['execute']>>[number];

const toSituacao = (r: Row, crt: Crt): ProdutoSituacao => {
  const fiscal = {
    ncm: r.ncm,
    cest: r.cest,
    cfop: r.cfop,
    origem: r.origem,
    csosn: r.csosn,
    cst: r.cst,
    pisCst: r.pisCst,
    cofinsCst: r.cofinsCst,
  };
  const problemas = problemasFiscais({ tipo: r.tipo, ...fiscal }, crt);
  return {
    id: r.id,
    nome: r.nome,
    codigo: r.codigo,
    codigoBarras: r.codigoBarras,
    tipo: r.tipo,
    fiscal,
    completo: problemas.length === 0,
    problemas,
  };
};

/** Alphabetical ignoring case and accents (the index produtos_tenant_nome_idx's key), then name and id. */
const porNome = [sql`${produtos.nomeBusca} collate "C"`, produtos.nome, produtos.id];

/** A page of rows matching `where`, alphabetical (the name index walked in order, the status tested on the way). */
const pageWhere = (tx: Db, where: SQL | undefined, limit: number, offset: number) =>
  limit <= 0
    ? Promise.resolve([])
    : selectSituacao(tx)
        .where(where)
        .orderBy(...porNome)
        .limit(limit)
        .offset(offset);

/**
 * GET /api/fiscal/produto-situacao: a page of products with their status for a unit with `crt`.
 * - `ids` given: those products (any kind, active or not; services are always complete);
 *   otherwise the tenant's active goods (`tipo` 'produto': services never go on an NFC-e).
 * - `query`: name contains (accent-insensitive), internal code or barcode exact — as the
 *   products' list (f_produtos_nome_contem, see inventario/produtos-repository.ts).
 * - `pendentes` true: only incomplete ones; false: only complete ones.
 * Order: incomplete first, then alphabetical. The answer carries `crt`.
 *
 * How it stays fast on 100 000 products: every read is alphabetical, so the page walks the
 * name index and stops after `offset + limit` matches; "incomplete first" is two such walks
 * (the incomplete ones, then the complete ones from `offset - incompletos`) after one scan
 * counting all and the incomplete ones (the predicate is cheap: literal code lists, no regex).
 */
export const listProdutosSituacao = async (tx: Db, crt: Crt, query: ProdutoSituacaoQuery): Promise<ProdutosSituacaoPage> => {
  const completo = sqlSituacaoCompleta(crt);
  const filters: (SQL | undefined)[] = [];
  if (query.ids.length > 0) filters.push(inArray(produtos.id, query.ids));
  else filters.push(eq(produtos.tipo, 'produto'), eq(produtos.ativo, true));
  if (query.query) {
    const q = query.query;
    filters.push(
      sql`${produtos.id} = any(array(
        select produto_id from f_produtos_nome_contem(${q}, false, null::integer)
        union select id from ${produtos} where ${produtos.codigoBusca} = upper(${q})
        union select id from ${produtos} where ${produtos.codigoBarras} = ${q}
      ))`,
    );
  }
  const base = and(...filters);
  const pendentes = and(base, sql`not ${completo}`);
  const completos = and(base, completo);
  const { limit, offset } = pageWindow(query);
  // One after the other: a transaction is one connection.
  let rows: Row[];
  let total: number;
  if (query.pendentes !== undefined) {
    const where = query.pendentes ? pendentes : completos;
    rows = await pageWhere(tx, where, limit, offset);
    total = await countWhere(tx, produtos, where);
  } else {
    // Both counts in one scan.
    const [contagem] = await tx
      .select({ total: sql<number>`count(*)::int`, incompletos: sql<number>`(count(*) filter (where not ${completo}))::int` })
      .from(produtos)
      .where(base);
    const incompletos = contagem?.incompletos ?? 0;
    total = contagem?.total ?? 0;
    const primeiros = offset < incompletos ? await pageWhere(tx, pendentes, limit, offset) : [];
    const resto = await pageWhere(tx, completos, limit - primeiros.length, Math.max(0, offset - incompletos));
    rows = [...primeiros, ...resto];
  }
  return {
    ...pageOfRows(
      rows.map((r) => toSituacao(r, crt)),
      total,
      query,
    ),
    crt,
  };
};

/** The products `ids` with their status (in the order of `ids`; ids not found are left out). */
export const listProdutosSituacaoPorIds = async (tx: Db, crt: Crt, ids: readonly string[]): Promise<ProdutoSituacao[]> => {
  if (ids.length === 0) return [];
  const rows = await selectSituacao(tx).where(inArray(produtos.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, toSituacao(r, crt)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};
