/**
 * The ABC curve as one SQL statement (issue #20; the rule `classeAbc` of
 * @petshop/shared/relatorios-abc), shared by curva-abc-produtos and curva-abc-clientes.
 *
 * From a relation of items with their net revenue in the period (`porItem`: products or customers
 * from `itensVendidosSql`), ONE statement ranks them (largest revenue first, ties by name then
 * id), takes the running sum and the curve's total with window functions, gives each its class,
 * and answers the requested page of the rows the filters pick, their count and totals, the
 * summary of the three classes and the Pareto chart's points. The ranking is computed over the
 * whole curve before any row filter or page, so a row's position, shares and class never depend
 * on the page, the search or the class picked.
 *
 * - `faturamentoCurva` (the base of every share) is the sum of the POSITIVE revenues: an item
 *   whose returns in the period outweigh its sales has zero or negative revenue, is ranked last,
 *   is always C and does not move the cumulative share (which so ends at 100 %).
 * - Class of an item with revenue > 0: A while (cumulative before it) × 100 < 80 × base, B while
 *   < 95 × base, else C — compared in exact numeric, not on the rounded percentages.
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

/** Items of the sample kept evenly spaced when the curve is larger than MAX_PONTOS_PARETO (the rest: class edges). */
const PONTOS_ESPACADOS = MAX_PONTOS_PARETO - 6;

export type ConsultaCurvaAbc = {
  /**
   * The statement's first CTEs (`with …` included, each ending with a comma) — typically
   * `with itens as (itensVendidosSql(…)), por_item as (…),` — where `por_item` has the columns
   * `item_id uuid, nome text, nome_ordem text, faturamento numeric` plus the item's own.
   */
  ctes: SQL;
  /** Condition on the alias `c` (the classified curve, with por_item's columns): which rows to list. */
  filtro: SQL;
  /** The row's own columns, as `json_build_object` pairs on `c` (e.g. sql`'quantidade', c.quantidade`). */
  colunas: SQL;
  /** The totals of the picked rows besides count/revenue/share, as pairs on `f` (may be empty). */
  totaisProprios: SQL;
  /** Any further select-list entries of the final row (e.g. the unidentified customers' totals). */
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

/** Runs the curve (see the file's comment). Rows come back with posicao, faturamento, participacao, acumulado, classe and `colunas`. */
export const consultarCurvaAbc = async <L, T>(tx: Db, consulta: ConsultaCurvaAbc): Promise<ResultadoCurvaAbc<L, T>> => {
  const { limit, offset } = consulta.pagina ?? { limit: MAX_EXPORT_ROWS, offset: 0 };
  const [linha] = await queryRows<Linha>(
    tx,
    sql`${consulta.ctes}
    ranking as (
      select pi.*,
             row_number() over w as posicao,
             sum(greatest(pi.faturamento, 0)) over w as acum,
             sum(greatest(pi.faturamento, 0)) over () as base,
             count(*) over () as n
        from por_item pi
      window w as (order by pi.faturamento desc, pi.nome_ordem collate "C", pi.item_id rows between unbounded preceding and current row)
    ),
    classificada as (
      select r.*,
             case when r.faturamento <= 0 then 'C'
                  when (r.acum - r.faturamento) * 100 < ${LIMITE_ACUMULADO_A} * r.base then 'A'
                  when (r.acum - r.faturamento) * 100 < ${LIMITE_ACUMULADO_B} * r.base then 'B'
                  else 'C' end as classe,
             coalesce(round(r.faturamento * 100 / nullif(r.base, 0), 2), 0) as participacao,
             coalesce(round(r.acum * 100 / nullif(r.base, 0), 2), 0) as acumulado
        from ranking r
    ),
    c as (
      select k.*,
             k.classe is distinct from lag(k.classe) over (order by k.posicao)
               or k.classe is distinct from lead(k.classe) over (order by k.posicao) as borda
        from classificada k
    ),
    f as (select * from c where ${consulta.filtro})
    select
      (select json_agg(json_build_object(
                'posicao', c.posicao, 'faturamento', round(c.faturamento, 2), 'participacao', c.participacao,
                'acumulado', c.acumulado, 'classe', c.classe, ${consulta.colunas}) order by c.posicao)
         from (select * from f order by f.posicao limit ${limit} offset ${offset}) c) as items,
      (select json_build_object(
                'itens', count(*), 'faturamento', coalesce(round(sum(f.faturamento), 2), 0),
                'participacao', coalesce(round(sum(f.faturamento) * 100 / nullif(max(f.base), 0), 2), 0)
                ${consulta.totaisProprios})
         from f) as totais,
      (select json_agg(json_build_object(
                'classe', k.classe, 'itens', coalesce(s.itens, 0), 'faturamento', coalesce(s.faturamento, 0),
                'participacao', coalesce(s.participacao, 0)) order by k.classe)
         from (values ('A'), ('B'), ('C')) k(classe)
         left join (select c.classe, count(*) as itens, round(sum(c.faturamento), 2) as faturamento,
                           round(sum(greatest(c.faturamento, 0)) * 100 / nullif(max(c.base), 0), 2) as participacao
                      from c group by c.classe) s on s.classe = k.classe) as classes,
      (select json_agg(json_build_object(
                'posicao', c.posicao, 'nome', c.nome, 'faturamento', round(c.faturamento, 2),
                'acumulado', c.acumulado, 'classe', c.classe) order by c.posicao)
         from c
        where c.n <= ${MAX_PONTOS_PARETO}
           or c.borda
           or (c.posicao - 1) % ceil(c.n::numeric / ${PONTOS_ESPACADOS}::numeric)::bigint = 0) as pareto,
      (select max(c.n) from c) as n,
      (select max(c.base) from c) as base,
      ${consulta.extras ?? sql`null::json`} as extras`,
  );
  const totais = (linha?.totais ?? {}) as ResultadoCurvaAbc<L, T>['totais'];
  return {
    items: (linha?.items ?? []) as L[],
    total: totais.itens ?? 0,
    totais,
    faturamentoCurva: Math.round(Number(linha?.base ?? 0) * 100) / 100,
    classes: linha?.classes ?? [],
    pareto: linha?.pareto ?? [],
    itensCurva: Number(linha?.n ?? 0),
    extras: linha?.extras ?? {},
  };
};

/** `classe = 'A'` on the alias `c` when a class is picked; true otherwise. */
export const filtroClasse = (classe: ClasseAbc | undefined): SQL => (classe ? sql`c.classe = ${classe}` : sql`true`);
