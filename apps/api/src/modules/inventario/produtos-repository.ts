/**
 * Products of the scope's tenant (row-level security keeps other tenants out): the list, one
 * product with its brand, category, unit and bulk counterpart, and the till's search.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '@petshop/shared/http';
import {
  BUSCA_PDV_LIMITE,
  type ListProdutosQuery,
  type Produto,
  type ProdutoPdv,
  type TipoProduto,
} from '@petshop/shared/produto';
import type { Db } from '../../db/client.ts';
import { categoriasProduto, marcas, produtos, tiposAtendimento, unidadesMedida } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { categoriaEDescendentes } from './categorias-produto-repository.ts';
import { countWhere, pageOfRows, pageWindow } from './shared.ts';
import { num, queryRows } from '../../db/rows.ts';

const granel = alias(produtos, 'granel');

const select = (tx: Db) =>
  tx
    .select({
      produto: produtos,
      marcaNome: marcas.nome,
      categoriaNome: categoriasProduto.nome,
      unidadeSigla: unidadesMedida.sigla,
      unidadeFracionada: unidadesMedida.permiteVendaFracionada,
      granelNome: granel.nome,
      pacoteTipoNome: tiposAtendimento.nome,
      // The selected unit's balance (row-level security shows only that unit's stock row).
      estoque: sql<string | null>`(select e.quantidade from estoques e where e.produto_id = ${produtos.id})`,
    })
    .from(produtos)
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .leftJoin(marcas, eq(marcas.id, produtos.marcaId))
    .leftJoin(categoriasProduto, eq(categoriasProduto.id, produtos.categoriaId))
    .leftJoin(granel, eq(granel.id, produtos.produtoGranelId))
    .leftJoin(tiposAtendimento, eq(tiposAtendimento.id, produtos.pacoteTipoAtendimentoId));

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toProduto = ({ produto: p, ...r }: Row): Produto => ({
  id: p.id,
  tipo: p.tipo as TipoProduto,
  nome: p.nome,
  codigo: p.codigo,
  codigoBarras: p.codigoBarras,
  marcaId: p.marcaId,
  marcaNome: r.marcaNome,
  categoriaId: p.categoriaId,
  categoriaNome: r.categoriaNome,
  unidadeMedidaId: p.unidadeMedidaId,
  unidadeMedida: { id: p.unidadeMedidaId, sigla: r.unidadeSigla, permiteVendaFracionada: r.unidadeFracionada },
  precoCusto: num(p.precoCusto),
  markup: num(p.markup),
  precoVenda: num(p.precoVenda),
  estoqueMinimo: num(p.estoqueMinimo),
  controlaEstoque: p.controlaEstoque,
  estoque: p.tipo === 'servico' || !p.controlaEstoque ? null : num(r.estoque),
  controlaLote: p.controlaLote,
  ativo: p.ativo,
  granel:
    p.produtoGranelId && r.granelNome !== null
      ? { produtoGranelId: p.produtoGranelId, produtoGranelNome: r.granelNome, fatorConversao: num(p.fatorConversao) }
      : null,
  fiscal: {
    ncm: p.ncm,
    cest: p.cest,
    cfop: p.cfop,
    origem: p.origem,
    csosn: p.csosn,
    cst: p.cst,
    pisCst: p.pisCst,
    cofinsCst: p.cofinsCst,
  },
  pacote:
    p.pacoteSessoes !== null && p.pacoteValidadeDias !== null && p.pacoteTipoAtendimentoId && r.pacoteTipoNome !== null
      ? {
          sessoes: p.pacoteSessoes,
          validadeDias: p.pacoteValidadeDias,
          tipoAtendimentoId: p.pacoteTipoAtendimentoId,
          tipoNome: r.pacoteTipoNome,
        }
      : null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/**
 * List: `query` matches the name (contains, accent-insensitive, through the trigram index and
 * f_produtos_nome_contem — see migrations inventario_busca and inventario_nome_busca_prefixo
 * for why a function), the internal code (exact, case-insensitive) or the barcode (exact);
 * filters tipo, categoria (with its subcategories), marca, ativo; ordered by name.
 */
export const listProdutos = async (tx: Db, query: ListProdutosQuery): Promise<Page<Produto>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) {
    // One id list from three indexed lookups; `= any(array(...))` then reads produtos by
    // primary key instead of testing every row of the tenant against an OR.
    const q = query.query;
    filters.push(
      sql`${produtos.id} = any(array(
        select produto_id from f_produtos_nome_contem(${q}, false, null::integer)
        union select id from ${produtos} where ${produtos.codigoBusca} = upper(${q})
        union select id from ${produtos} where ${produtos.codigoBarras} = ${q}
      ))`,
    );
  }
  if (query.tipo) filters.push(eq(produtos.tipo, query.tipo));
  if (query.categoriaId) filters.push(inArray(produtos.categoriaId, categoriaEDescendentes(query.categoriaId)));
  if (query.marcaId) filters.push(eq(produtos.marcaId, query.marcaId));
  if (query.ativo) filters.push(eq(produtos.ativo, query.ativo === 'true'));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  // nome_busca collate "C": alphabetical ignoring case and accents. The page's ids come first
  // from produtos alone, so that the index (tenant_id, nome_busca "C") serves order and paging;
  // the joins then run for those rows only.
  const ordem = [sql`${produtos.nomeBusca} collate "C"`, asc(produtos.nome), asc(produtos.id)];
  // One after the other: a transaction is one connection (pg warns on overlapping queries).
  const ids = await tx
    .select({ id: produtos.id })
    .from(produtos)
    .where(where)
    .orderBy(...ordem)
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, produtos, where);
  const rows =
    ids.length === 0
      ? []
      : await select(tx)
          .where(
            inArray(
              produtos.id,
              ids.map((r) => r.id),
            ),
          )
          .orderBy(...ordem);
  return pageOfRows(rows.map(toProduto), total, query);
};

export const findProduto = async (tx: Db, id: string): Promise<Produto | null> => {
  const [row] = await select(tx).where(eq(produtos.id, id));
  return row ? toProduto(row) : null;
};

type PdvRow = {
  id: string;
  nome: string;
  codigo: string | null;
  codigo_barras: string | null;
  preco_venda: string;
  tipo: string;
  controla_estoque: boolean;
  sigla: string;
  permite_venda_fracionada: boolean;
  /** numeric as text; null for services and products that do not control stock. */
  estoque: string | null;
};

const COLUNAS_PDV = sql`p.id, p.nome, p.codigo, p.codigo_barras, p.preco_venda, p.tipo, p.controla_estoque,
           u.sigla, u.permite_venda_fracionada,
           case when p.tipo = 'produto' and p.controla_estoque then coalesce(e.quantidade, 0) end as estoque`;

/**
 * The product's balance row in the selected unit: one lookup on estoques_unidade_produto_idx
 * (unit, product) per product found; the unit is named explicitly (RLS alone would read every
 * row of the product, one per unit, before filtering).
 */
const ESTOQUE_PDV = sql`left join estoques e on e.unidade_negocio_id = ${currentUnidadeNegocioId} and e.produto_id = p.id`;

const paraProdutoPdv = (r: PdvRow): ProdutoPdv => ({
  id: r.id,
  nome: r.nome,
  codigo: r.codigo,
  codigoBarras: r.codigo_barras,
  precoVenda: Number(r.preco_venda),
  unidadeMedida: { sigla: r.sigla, permiteVendaFracionada: r.permite_venda_fracionada },
  tipo: r.tipo as TipoProduto,
  controlaEstoque: r.controla_estoque,
  estoque: r.estoque === null ? null : Number(r.estoque),
});

/** What a scanner sends: a GTIN-8, UPC-A (12), EAN-13 or GTIN-14. */
const PARECE_GTIN = /^\d{8}$|^\d{12,14}$/;

/**
 * The till's product search (issue #3 item 4), active products only:
 * 1. an exact barcode match (index produtos_tenant_codigo_barras_idx) — a scanner read;
 * 2. else an exact internal code match, case-insensitive (index produtos_tenant_codigo_idx);
 * 3. else names containing `q`, accent-insensitive, names starting with it first, then
 *    alphabetical (f_produtos_nome_contem: a btree range, then the trigram index).
 * Each later step runs only when the earlier ones found nothing. At most 20 items, each with its
 * stock balance in the selected unit (`estoque`, null for services and products without stock
 * control; issue #15).
 * One statement; when `q` looks like a GTIN, step 1 alone first (a plain index lookup, the
 * till's most frequent question, cheaper than the three-step statement), and the three-step
 * statement only when it found nothing.
 */
export const listProdutosPdv = async (tx: Db, q: string): Promise<ProdutoPdv[]> => {
  if (PARECE_GTIN.test(q)) {
    const porBarras = await queryRows<PdvRow>(
      tx,
      sql`select ${COLUNAS_PDV}
            from produtos p
            join unidades_medida u on u.id = p.unidade_medida_id
            ${ESTOQUE_PDV}
           where p.codigo_barras = ${q} and p.ativo
           order by p.nome
           limit ${BUSCA_PDV_LIMITE}`,
    );
    if (porBarras.length > 0) return porBarras.map(paraProdutoPdv);
  }
  const rows = await queryRows<PdvRow>(
    tx,
    sql`
    with por_barras as (
      select p.id, 0::bigint as ordem from produtos p where p.codigo_barras = ${q} and p.ativo
    ), por_codigo as (
      select p.id, 0::bigint as ordem from produtos p
       where not exists (select 1 from por_barras) and p.codigo_busca = upper(${q}) and p.ativo
    ), por_nome as (
      select f.produto_id as id, f.ordem
        from f_produtos_nome_contem(${q}, true, ${BUSCA_PDV_LIMITE}::integer) with ordinality as f(produto_id, comeca_com, ordem)
       where not exists (select 1 from por_barras) and not exists (select 1 from por_codigo)
    ), achados as (
      select * from por_barras union all select * from por_codigo union all select * from por_nome
    )
    select ${COLUNAS_PDV}
      from produtos p
      join achados a on a.id = p.id
      join unidades_medida u on u.id = p.unidade_medida_id
      ${ESTOQUE_PDV}
     -- The ids as an array make produtos an index scan on its primary key whatever the
     -- planner guesses about how many rows the steps above return.
     where p.id = any(array(select id from achados))
     order by a.ordem, p.nome
     limit ${BUSCA_PDV_LIMITE}
  `,
  );
  return rows.map(paraProdutoPdv);
};
