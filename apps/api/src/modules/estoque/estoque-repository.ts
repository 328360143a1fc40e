/**
 * Reads of stock in the scope's unit (row-level security keeps other tenants' and units'
 * balances, lots and movements out): the position (`GET /api/estoques` and its totals), the
 * ledger (`GET /api/estoques/movimentacoes`) and lots (`GET /api/estoques/lotes`). Quantities
 * in the product's unit, money in reais; see @petshop/shared/estoque for the shapes.
 */
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  MOVIMENTACOES_DIAS_PADRAO,
  TIPO_MOVIMENTACAO_ESTOQUE_LABEL,
  type ListEstoquesQuery,
  type ListLotesQuery,
  type ListMovimentacoesEstoqueQuery,
  type Lote,
  type MovimentacaoEstoque,
  type OrigemMovimentacaoEstoque,
  type PosicaoEstoque,
  type ResumoEstoque,
  type TipoMovimentacaoEstoque,
} from '@petshop/shared/estoque';
import type { Page } from '@petshop/shared/http';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { num, queryRows } from '../../db/rows.ts';
import { lotes, movimentacoesEstoque, produtos, unidadesMedida, usuarios } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { categoriaEDescendentes } from '../inventario/categorias-produto-repository.ts';
import { pageOfRows, pageWindow } from '../inventario/shared.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

/**
 * Ids of the tenant's products whose name contains `q` (accent-insensitive, through
 * f_produtos_nome_contem: under row-level security a LIKE could not use the trigram index),
 * whose internal code is `q` (case-insensitive) or whose barcode is `q` — the products list's
 * search (inventario/produtos-repository.ts), as an array for `= any(…)`. Also the stock reports'
 * search (relatorios/produtos-proximo-vencimento.ts).
 */
export const produtosDaBusca = (q: string): SQL =>
  sql`array(
    select produto_id from f_produtos_nome_contem(${q}, false, null::integer)
    union select id from produtos where codigo_busca = upper(${q})
    union select id from produtos where codigo_barras = ${q}
  )`;

// ---------------------------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------------------------

/**
 * The balance of `p` in the unit (no row: 0) and its cost (the average, or the cost price), over
 * `produtos p` left-joined to `estoques e`; also the stock position report's totals
 * (relatorios/posicao-estoque.ts).
 */
export const QUANTIDADE = sql`coalesce(e.quantidade, 0)`;
export const CUSTO = sql`coalesce(nullif(e.custo_medio, 0), p.preco_custo)`;
/** The balance of `p` as a subquery, for conditions on `produtos p` alone. */
const SALDO = sql`coalesce((select e.quantidade from estoques e where e.produto_id = p.id), 0)`;

/**
 * Ids of the unit's products with a negative balance, through the partial index
 * `estoques_negativos_idx` (`where quantidade < 0`): a handful of index entries, not a pass over
 * the unit's balances.
 */
const NEGATIVOS = sql`array(select n.produto_id from estoques n where n.quantidade < 0)`;

/**
 * Ids of the products below their minimum in the unit: a minimum (> 0) above the balance (no
 * balance row: 0), or a negative balance (minimum 0); balance == minimum is not below. Read from
 * the balance rows alone through the partial index `estoques_abaixo_minimo_idx` (`where
 * quantidade < greatest(estoque_minimo, 0)`, migration estoque_abaixo_minimo): `estoques` keeps a
 * copy of the product's minimum, and a product with a minimum has a row (balance 0) in every unit
 * of its tenant — both kept by triggers on `produtos` and `unidades_negocio`, none on `estoques`
 * (the sale's balance update only maintains the index). So the filter, its count and the home
 * page's card read the unit's few rows below minimum, not every product with a minimum joined to
 * its balance (bench, 100 000 products, 5 000 with a minimum: 33–41 ms of PostgreSQL CPU per
 * request before, bench/README.md). The product's own conditions (type, stock control, active)
 * stay in `wherePosicao`.
 */
const ABAIXO_MINIMO = sql`array(select s.produto_id from estoques s where s.quantidade < greatest(s.estoque_minimo, 0))`;

/**
 * WHERE over `produtos p` alone (the balance through `SALDO`; the totals pass `QUANTIDADE`
 * with `estoques e` joined, one pass over both tables): stock-controlled products,
 * inactive ones only while their balance is not zero, and the filters. On `produtos` alone the
 * name index (tenant_id, nome_busca "C") serves the order and the page, so a page of the whole
 * position does not sort 100 000 products. Exported for the stock position report's totals
 * (relatorios/posicao-estoque.ts), which pass `QUANTIDADE`.
 */
export const wherePosicao = (q: FiltrosPosicao, saldo: SQL = SALDO): SQL => {
  const parts: SQL[] = [sql`p.tipo = 'produto'`, sql`p.controla_estoque`, sql`(p.ativo or ${saldo} <> 0)`];
  if (q.query) parts.push(sql`p.id = any(${produtosDaBusca(q.query)})`);
  if (q.categoriaId) parts.push(sql`p.categoria_id in ${categoriaEDescendentes(q.categoriaId)}`);
  if (q.marcaId) parts.push(sql`p.marca_id = ${q.marcaId}::uuid`);
  if (q.produtoId) parts.push(sql`p.id = ${q.produtoId}::uuid`);
  if (q.situacao === 'abaixo_minimo') parts.push(sql`p.id = any(${ABAIXO_MINIMO})`);
  if (q.situacao === 'zerado') parts.push(sql`${saldo} = 0`);
  if (q.situacao === 'negativo') parts.push(sql`p.id = any(${NEGATIVOS})`);
  return sql.join(parts, sql` and `);
};

/** The position's filters `wherePosicao` reads (a `ListEstoquesQuery` without its page). */
type FiltrosPosicao = Partial<Pick<ListEstoquesQuery, 'query' | 'categoriaId' | 'marcaId' | 'produtoId' | 'situacao'>>;

/**
 * How many products of the unit are below their minimum, with the one rule of
 * `GET /api/estoques?situacao=abaixo_minimo` (`wherePosicao`: a minimum above the balance, no
 * balance row counting as 0, or a negative balance; stock-controlled products, inactive ones only
 * with a balance): its `total` and the home page's card (indicadores, `estoqueBaixo`), issue #20.
 * Served by the partial index of `ABAIXO_MINIMO`.
 */
export const contarAbaixoMinimo = async (tx: Db): Promise<number> => {
  const [r] = await queryRows<{ n: string }>(
    tx,
    sql`select count(*)::text as n from produtos p where ${wherePosicao({ situacao: 'abaixo_minimo' })}`,
  );
  return Number(r?.n ?? 0);
};

type PosicaoRow = {
  id: string;
  nome: string;
  codigo: string | null;
  codigo_barras: string | null;
  sigla: string;
  permite_venda_fracionada: boolean;
  ativo: boolean;
  quantidade: string;
  custo: string;
  valor: string;
  estoque_minimo: string;
  controla_lote: boolean;
  proxima_validade: string | null;
};

const ORDEM_POSICAO = sql`p.nome_busca collate "C", p.nome, p.id`;

/**
 * GET /api/estoques: one page of the unit's stock position, ordered by name (accent- and
 * case-insensitive, as the products list). A product without a balance row counts as 0 at
 * its cost price; valorEstoque = max(0, quantidade) × custo, rounded to the cent.
 * The page's ids come first from `produtos` alone (see `wherePosicao`), then balances, units
 * and lots are joined for those rows only. Below minimum / negative: the total rides on the page
 * (`count(*) over ()`), counted apart only for a page past the end.
 */
export const listEstoques = async (tx: Db, q: ListEstoquesQuery): Promise<Page<PosicaoEstoque>> => {
  const where = wherePosicao(q);
  const { limit, offset } = pageWindow(q);
  // Below minimum and negative: a few products, all of them read and sorted for the page anyway,
  // so the page carries the count (a window over the same rows) instead of a second statement.
  const contaNaPagina = q.situacao === 'abaixo_minimo' || q.situacao === 'negativo';
  const rows = await queryRows<PosicaoRow & { total: string | null }>(
    tx,
    sql`with pagina as (
          select p.id, ${contaNaPagina ? sql`count(*) over ()` : sql`null::bigint`} as total
            from produtos p where ${where} order by ${ORDEM_POSICAO} limit ${limit} offset ${offset}
        )
        select pagina.total::text as total, p.id, p.nome, p.codigo, p.codigo_barras, u.sigla, u.permite_venda_fracionada, p.ativo,
               ${QUANTIDADE}::text as quantidade, ${CUSTO}::text as custo,
               round(greatest(${QUANTIDADE}, 0) * ${CUSTO}, 2)::text as valor,
               p.estoque_minimo::text as estoque_minimo, p.controla_lote,
               (select min(l.data_validade) from lotes l where l.produto_id = p.id and l.quantidade > 0)::text as proxima_validade
          from pagina
          join produtos p on p.id = pagina.id
          join unidades_medida u on u.id = p.unidade_medida_id
          left join estoques e on e.produto_id = p.id
         order by ${ORDEM_POSICAO}`,
  );
  const total =
    contaNaPagina && (rows.length > 0 || q.page === 1)
      ? Number(rows[0]?.total ?? 0)
      : Number((await queryRows<{ n: string }>(tx, sql`select count(*)::text as n from produtos p where ${where}`))[0]?.n ?? 0);
  return pageOfRows(
    rows.map((r) => ({
      produtoId: r.id,
      nome: r.nome,
      codigo: r.codigo,
      codigoBarras: r.codigo_barras,
      unidadeSigla: r.sigla,
      permiteVendaFracionada: r.permite_venda_fracionada,
      ativo: r.ativo,
      quantidade: num(r.quantidade),
      custoMedio: num(r.custo),
      valorEstoque: num(r.valor),
      estoqueMinimo: num(r.estoque_minimo),
      abaixoMinimo: num(r.quantidade) < num(r.estoque_minimo),
      controlaLote: r.controla_lote,
      proximaValidade: r.proxima_validade,
    })),
    total,
    q,
  );
};

/** GET /api/estoques/resumo: totals of the position's filters (all pages). */
export const getResumoEstoques = async (tx: Db, q: ListEstoquesQuery): Promise<ResumoEstoque> => {
  const [r] = await queryRows<{ produtos: string; valor: string; abaixo: string; zerados: string; negativos: string }>(
    tx,
    sql`select count(*)::text as produtos,
               coalesce(sum(round(greatest(${QUANTIDADE}, 0) * ${CUSTO}, 2)), 0)::text as valor,
               (count(*) filter (where ${QUANTIDADE} < p.estoque_minimo))::text as abaixo,
               (count(*) filter (where ${QUANTIDADE} = 0))::text as zerados,
               (count(*) filter (where ${QUANTIDADE} < 0))::text as negativos
          from produtos p
          left join estoques e on e.produto_id = p.id
         where ${wherePosicao(q, QUANTIDADE)}`,
  );
  return {
    produtos: Number(r?.produtos ?? 0),
    valorTotal: num(r?.valor),
    abaixoMinimo: Number(r?.abaixo ?? 0),
    zerados: Number(r?.zerados ?? 0),
    negativos: Number(r?.negativos ?? 0),
  };
};

// ---------------------------------------------------------------------------------------------
// Ledger
// ---------------------------------------------------------------------------------------------

const selectMovimentacoes = (tx: Db) =>
  tx
    .select({
      m: movimentacoesEstoque,
      produtoNome: produtos.nome,
      sigla: unidadesMedida.sigla,
      fracionada: unidadesMedida.permiteVendaFracionada,
      usuarioNome: usuarios.nome,
      loteNumero: lotes.numero,
      loteValidade: lotes.dataValidade,
    })
    .from(movimentacoesEstoque)
    .innerJoin(produtos, eq(produtos.id, movimentacoesEstoque.produtoId))
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .leftJoin(usuarios, eq(usuarios.id, movimentacoesEstoque.usuarioId))
    .leftJoin(lotes, eq(lotes.id, movimentacoesEstoque.loteId));

type MovimentacaoRow = Awaited<ReturnType<ReturnType<typeof selectMovimentacoes>['execute']>>[number];

const toMovimentacao = (r: MovimentacaoRow): MovimentacaoEstoque => ({
  id: r.m.id,
  createdAt: r.m.createdAt.toISOString(),
  tipo: r.m.tipo as TipoMovimentacaoEstoque,
  tipoLabel: TIPO_MOVIMENTACAO_ESTOQUE_LABEL[r.m.tipo as TipoMovimentacaoEstoque] ?? r.m.tipo,
  produtoId: r.m.produtoId,
  produtoNome: r.produtoNome,
  unidadeSigla: r.sigla,
  permiteVendaFracionada: r.fracionada,
  quantidade: num(r.m.quantidade),
  custoUnitario: num(r.m.custoUnitario),
  saldoResultante: num(r.m.saldoResultante),
  origem: r.m.origem as OrigemMovimentacaoEstoque,
  origemId: r.m.origemId,
  observacao: r.m.observacao,
  usuarioNome: r.usuarioNome,
  lote: r.m.loteId && r.loteNumero !== null ? { id: r.m.loteId, numero: r.loteNumero, dataValidade: r.loteValidade } : null,
});

/** Newest first; rows of one statement (one movement's lots) by id. */
const ORDEM_MOVIMENTACOES = [desc(movimentacoesEstoque.createdAt), desc(movimentacoesEstoque.id)];

/**
 * GET /api/estoques/movimentacoes: the unit's ledger, newest first, between dataInicio 00:00
 * and dataFim 24:00 on the unit's clock; without dates the last 30 days (today included);
 * a lone dataInicio runs to today, a lone dataFim starts 29 days before it. 400 `dataFim`
 * when the period ends before it starts.
 */
export const listMovimentacoes = async (tx: Db, q: ListMovimentacoesEstoqueQuery): Promise<Page<MovimentacaoEstoque>> => {
  const unidade = await getUnidadeAtual(tx);
  const dataFim = q.dataFim ?? (q.dataInicio && q.dataInicio > unidade.hoje ? q.dataInicio : unidade.hoje);
  const dataInicio = q.dataInicio ?? addDays(dataFim, -(MOVIMENTACOES_DIAS_PADRAO - 1));
  if (dataFim < dataInicio) throw fieldError('dataFim', 'A data final deve ser igual ou posterior à data inicial');
  const where = and(
    sql`${movimentacoesEstoque.createdAt} >= ((${dataInicio}::date)::timestamp at time zone ${unidade.timeZone})`,
    sql`${movimentacoesEstoque.createdAt} < (((${dataFim}::date + 1)::timestamp) at time zone ${unidade.timeZone})`,
    q.produtoId ? eq(movimentacoesEstoque.produtoId, q.produtoId) : undefined,
    q.tipo.length > 0 ? inArray(movimentacoesEstoque.tipo, [...q.tipo]) : undefined,
    q.query ? sql`${movimentacoesEstoque.produtoId} = any(${produtosDaBusca(q.query)})` : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await selectMovimentacoes(tx)
    .where(where)
    .orderBy(...ORDEM_MOVIMENTACOES)
    .limit(limit)
    .offset(offset);
  const [total] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(movimentacoesEstoque)
    .where(where);
  return pageOfRows(rows.map(toMovimentacao), Number(total?.n ?? 0), q);
};

/** The movements of one document (an adjustment, a bulk conversion…), in the order written. */
export const listMovimentacoesDaOrigem = async (
  tx: Db,
  origem: OrigemMovimentacaoEstoque,
  origemId: string,
): Promise<MovimentacaoEstoque[]> => {
  const rows = await selectMovimentacoes(tx)
    .where(and(eq(movimentacoesEstoque.origem, origem), eq(movimentacoesEstoque.origemId, origemId)))
    .orderBy(asc(movimentacoesEstoque.createdAt), asc(produtos.nomeBusca), asc(movimentacoesEstoque.id));
  return rows.map(toMovimentacao);
};

// ---------------------------------------------------------------------------------------------
// Lots
// ---------------------------------------------------------------------------------------------

/** Whole days from `de` to `ate` ('yyyy-MM-dd'). */
const diasEntre = (de: string, ate: string): number =>
  Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000);

/**
 * GET /api/estoques/lotes: the unit's lots, of `produtoId` and/or expiring within
 * `diasVencimento` days from today (expired included); with stock only unless
 * `incluirZerados`. Ordered by expiry (none last), product name, number.
 */
export const listLotes = async (tx: Db, q: ListLotesQuery): Promise<Page<Lote>> => {
  const unidade = await getUnidadeAtual(tx);
  const where = and(
    q.produtoId ? eq(lotes.produtoId, q.produtoId) : undefined,
    q.diasVencimento !== undefined ? lte(lotes.dataValidade, addDays(unidade.hoje, q.diasVencimento)) : undefined,
    q.incluirZerados ? undefined : sql`${lotes.quantidade} > 0`,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await tx
    .select({
      lote: lotes,
      produtoNome: produtos.nome,
      sigla: unidadesMedida.sigla,
      fracionada: unidadesMedida.permiteVendaFracionada,
    })
    .from(lotes)
    .innerJoin(produtos, eq(produtos.id, lotes.produtoId))
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(where)
    .orderBy(sql`${lotes.dataValidade} asc nulls last`, asc(produtos.nomeBusca), asc(lotes.numero), asc(lotes.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(lotes)
    .where(where);
  return pageOfRows(
    rows.map(({ lote, ...r }) => {
      const dias = lote.dataValidade ? diasEntre(unidade.hoje, lote.dataValidade) : null;
      return {
        id: lote.id,
        produtoId: lote.produtoId,
        produtoNome: r.produtoNome,
        unidadeSigla: r.sigla,
        permiteVendaFracionada: r.fracionada,
        numero: lote.numero,
        dataFabricacao: lote.dataFabricacao,
        dataValidade: lote.dataValidade,
        quantidade: num(lote.quantidade),
        vencido: dias !== null && dias < 0,
        diasParaVencer: dias,
      };
    }),
    Number(total?.n ?? 0),
    q,
  );
};
