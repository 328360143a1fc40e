/**
 * The ABC curve as one SQL statement (issue #20; the rule `classeAbc` of
 * @petshop/shared/relatorios-abc), shared by curva-abc-produtos and curva-abc-clientes.
 *
 * From a relation of items with their net revenue in the period (`por_item`: products or customers
 * from `itensVendidosSql`), ONE statement ranks them (largest revenue first, ties by id), takes the running sum and the curve's total with window functions, gives each its class,
 * and answers the requested page of the rows the filters pick, their count and totals, the
 * summary of the three classes and the Pareto chart's points. The ranking is computed over the
 * whole curve before any row filter or page, so a row's position, shares and class never depend
 * on the page, the search or the class picked.
 *
 * - `faturamentoCurva` (the base of every share) is the sum of the POSITIVE revenues: an item
 *   whose returns in the period outweigh its sales has zero or negative revenue, is ranked last,
 *   is always C and does not move the cumulative share (which so ends at 100 %).
 * - Class of an item with revenue > 0: A while (cumulative before it) × 100 < 80 × base, B while
 *   < 95 × base, else C — compared on whole cents (exact), not on the rounded percentages. Each
 *   item's revenue is rounded to the cent first, as the screen shows it.
 * - Shares are % 0–100 rounded to 2 decimals; money to 2 decimals.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  LIMITE_ACUMULADO_A,
  LIMITE_ACUMULADO_B,
  MAX_PONTOS_PARETO,
  type ClasseAbc,
  type PontoPareto,
  type ResumoClasseAbc,
} from '@petshop/shared/relatorios-abc';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import type { PaginaRelatorio } from './relatorio.ts';

/** `centavos` as a % (0–100, 2 decimals) of the curve's base (`c.base` unless given), in exact numeric; null when the base is 0. */
const percentual = (centavos: SQL, base: SQL = sql`c.base`): SQL =>
  sql`round(${centavos}::numeric * 100 / nullif(${base}, 0)::numeric, 2)`;

/** Items of the sample kept evenly spaced when the curve is larger than MAX_PONTOS_PARETO (the rest: class edges). */
const PONTOS_ESPACADOS = MAX_PONTOS_PARETO - 6;

export type ConsultaCurvaAbc = {
  /**
   * The statement's first CTEs (`with …` included, each ending with a comma) — typically
   * `with itens as (itensVendidosSql(…)), por_item as (…),` — where `por_item` has one row per
   * item with `item_id uuid, centavos float8` (its net revenue in whole cents: `round(sum(receita)
   * × 100)::float8`, exact integers that sum and sort faster than numeric) plus the item's own
   * figures (keep it narrow: the names come from `detalhe`, for the rows answered only).
   */
  ctes: SQL;
  /** Joins on the alias `c` that `filtro` needs (e.g. the product's name for a search); empty when none. */
  juncaoFiltro: SQL;
  /** Condition on the alias `c` (the classified curve, with por_item's columns) and `juncaoFiltro`'s: which rows to list. */
  filtro: SQL;
  /** Joins on the alias `c` giving what `colunas` and `nome` read (e.g. `join produtos d on d.id = c.item_id`). */
  detalhe: SQL;
  /** The item's name for the Pareto chart, on `detalhe`'s aliases. */
  nome: SQL;
  /** The row's own columns, as `json_build_object` pairs on `c` and `detalhe` (e.g. sql`'quantidade', c.quantidade`). */
  colunas: SQL;
  /** The totals of the picked rows besides count/revenue/share, as pairs on `f` each preceded by a comma (may be empty). */
  totaisProprios: SQL;
  /** Any further select-list entry of the final row (e.g. the unidentified customers' totals), as JSON. */
  extras?: SQL;
  pagina: PaginaRelatorio;
};

/** The row the statement answers (the rows and totals parsed from JSON). */
export type ResultadoCurvaAbc<L, T> = {
  items: L[];
  total: number;
  totais: T & { itens: number; faturamento: number; participacao: number };
  faturamentoCurva: number;
  classes: ResumoClasseAbc[];
  pareto: PontoPareto[];
  itensCurva: number;
  extras: Record<string, unknown>;
};

type Linha = {
  items: unknown[] | null;
  totais: Record<string, unknown>;
  classes: ResumoClasseAbc[] | null;
  pareto: PontoPareto[] | null;
  n: number | string | null;
  base: number | string | null;
  extras: Record<string, unknown> | null;
};

/**
 * Runs the curve (see the file's comment). Rows come back with posicao, faturamento,
 * participacao, acumulado, classe and `colunas`. Ties of revenue are ranked by the item's id
 * (stable from one page to the next; sorting the whole curve by name would cost a join of every
 * item on a big catalogue).
 */
export const consultarCurvaAbc = async <L, T>(tx: Db, consulta: ConsultaCurvaAbc): Promise<ResultadoCurvaAbc<L, T>> => {
  const { limit, offset } = consulta.pagina ?? { limit: MAX_EXPORT_ROWS, offset: 0 };
  const filtradas = sql`(select c.* from c ${consulta.juncaoFiltro} where ${consulta.filtro})`;
  const [linha] = await queryRows<Linha>(
    tx,
    sql`${consulta.ctes}
    tot as (select coalesce(sum(greatest(centavos, 0)), 0)::float8 as base, count(*) as n from por_item),
    c as (
      select r.*, tot.base, tot.n,
             case when r.centavos <= 0 then 'C'
                  when (r.acum - r.centavos) * 100 < ${LIMITE_ACUMULADO_A}::float8 * tot.base then 'A'
                  when (r.acum - r.centavos) * 100 < ${LIMITE_ACUMULADO_B}::float8 * tot.base then 'B'
                  else 'C' end as classe
        from (select pi.*,
                     row_number() over w as posicao,
                     sum(greatest(pi.centavos, 0)) over w as acum
                from por_item pi
              window w as (order by pi.centavos desc, pi.item_id rows between unbounded preceding and current row)) r
       cross join tot
    ),
    resumo as (
      select k.classe, coalesce(s.itens, 0) as itens, coalesce(s.centavos, 0) / 100 as faturamento,
             coalesce(round(s.positivos::numeric * 100 / nullif(s.base, 0)::numeric, 2), 0) as participacao
        from (values ('A'), ('B'), ('C')) k(classe)
        left join (select c.classe, count(*) as itens, sum(c.centavos) as centavos,
                          sum(greatest(c.centavos, 0)) as positivos, max(c.base) as base
                     from c group by c.classe) s on s.classe = k.classe
    ),
    bordas as (
      select array[a.itens, a.itens + 1, a.itens + b.itens, a.itens + b.itens + 1] as posicoes,
             case when tot.n <= ${MAX_PONTOS_PARETO} then 1 else ceil(tot.n::numeric / ${PONTOS_ESPACADOS}::numeric)::bigint end as passo
        from resumo a, resumo b, tot where a.classe = 'A' and b.classe = 'B'
    )
    select
      (select json_agg(json_build_object(
                'posicao', c.posicao, 'faturamento', c.centavos / 100, 'participacao', ${percentual(sql`c.centavos`)},
                'acumulado', ${percentual(sql`c.acum`)}, 'classe', c.classe, ${consulta.colunas}) order by c.posicao)
         from (select * from ${filtradas} f order by f.posicao limit ${limit} offset ${offset}) c ${consulta.detalhe}) as items,
      (select json_build_object(
                'itens', count(*), 'faturamento', coalesce(sum(f.centavos), 0) / 100,
                'participacao', coalesce(${percentual(sql`sum(f.centavos)`, sql`max(f.base)`)}, 0)
                ${consulta.totaisProprios})
         from ${filtradas} f) as totais,
      (select json_agg(json_build_object('classe', r.classe, 'itens', r.itens, 'faturamento', r.faturamento,
                'participacao', r.participacao) order by r.classe)
         from resumo r) as classes,
      (select json_agg(json_build_object(
                'posicao', c.posicao, 'nome', ${consulta.nome}, 'faturamento', c.centavos / 100,
                'acumulado', ${percentual(sql`c.acum`)}, 'classe', c.classe) order by c.posicao)
         from (select c.* from c, bordas
                where (c.posicao - 1) % bordas.passo = 0 or c.posicao = c.n or c.posicao = any(bordas.posicoes)) c
         ${consulta.detalhe}) as pareto,
      (select n from tot) as n,
      (select base from tot) as base,
      ${consulta.extras ?? sql`null::json`} as extras`,
  );
  const totais = (linha?.totais ?? {}) as ResultadoCurvaAbc<L, T>['totais'];
  return {
    items: (linha?.items ?? []) as L[],
    total: totais.itens ?? 0,
    totais,
    faturamentoCurva: Math.round(Number(linha?.base ?? 0)) / 100,
    classes: linha?.classes ?? [],
    pareto: linha?.pareto ?? [],
    itensCurva: Number(linha?.n ?? 0),
    extras: linha?.extras ?? {},
  };
};

/** `classe = 'A'` on the alias `c` when a class is picked; true otherwise. */
export const filtroClasse = (classe: ClasseAbc | undefined): SQL => (classe ? sql`c.classe = ${classe}` : sql`true`);
