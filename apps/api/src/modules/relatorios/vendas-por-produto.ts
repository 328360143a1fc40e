/**
 * GET /api/relatorios/vendas-por-produto (issue #20; spec §2 /relatorios/vendas-por-produto, §7
 * "Reports"; DOMAIN.md §11): per product sold in the period, quantity, revenue, cost, margin and
 * share of the period's revenue (@petshop/shared/relatorios-vendas), counted by THE net-sales
 * rule (`itensVendidosSql`, CRITERIO_VENDAS) so the figures agree to the cent with every other
 * sales screen.
 *
 * One statement: the period's sold items (the rollup itens_vendidos, an index-only range on
 * itens_vendidos_unidade_em_idx) grouped per product, then joined to the catalogue and
 * filtered; the page, the row count, the totals of all filtered rows and the chart's top 10
 * come from the same CTEs. Revenue and cost are rounded to the cent once, after summing; the
 * margin is the rounded revenue less the rounded cost (so every row adds up as printed).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CRITERIO_VENDAS } from '@petshop/shared/relatorios';
import {
  ORDENS_VENDAS_POR_PRODUTO_ROTULOS,
  TOP_GRAFICO_VENDAS_POR_PRODUTO,
  vendasPorProdutoQuerySchema,
  vendasPorProdutoRespostaSchema,
  type BarraVendasPorProduto,
  type LinhaVendasPorProduto,
  type OrdemVendasPorProduto,
  type TotaisVendasPorProduto,
  type VendasPorProdutoQuery,
} from '@petshop/shared/relatorios-vendas';
import { num, queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import { categoriaEDescendentes } from '../inventario/categorias-produto-repository.ts';
import { colunasFigurasVendas, figurasJsonSql, lerFiguras, type FigurasLidas } from './figuras-vendas.ts';
import type { ColunaRelatorio, DefinicaoRelatorio } from './relatorio.ts';
import { itensVendidosSql } from './vendas-liquidas.ts';

type Extra = { grafico: BarraVendasPorProduto[] };

/** `order by` of each `ordem` (ties by name, then id: a stable page). */
const ORDEM_SQL: Record<OrdemVendasPorProduto, SQL> = {
  faturamento: sql`faturamento desc, nome_busca collate "C", produto_id`,
  quantidade: sql`quantidade desc, faturamento desc, nome_busca collate "C", produto_id`,
  margem: sql`margem desc, faturamento desc, nome_busca collate "C", produto_id`,
  nome: sql`nome_busca collate "C", nome, produto_id`,
};

type Resultado = {
  items: (Omit<LinhaVendasPorProduto, keyof FigurasLidas> & FigurasLidas)[] | null;
  total: number;
  totais: (Omit<TotaisVendasPorProduto, keyof FigurasLidas> & FigurasLidas) | null;
  grafico:
    (Omit<BarraVendasPorProduto, 'faturamento' | 'margem'> & { faturamento: number | string; margem: number | string })[] | null;
};

/** See the file's comment. */
export const vendasPorProduto: DefinicaoRelatorio<VendasPorProdutoQuery, LinhaVendasPorProduto, TotaisVendasPorProduto, Extra> = {
  id: 'vendas-por-produto',
  querystring: vendasPorProdutoQuerySchema,
  resposta: vendasPorProdutoRespostaSchema,
  descricao:
    'Por produto vendido no período: quantidade líquida, faturamento (valor dos itens com o desconto da venda rateado, menos devoluções; sem frete), custo (quantidade × custo do item na venda), margem em R$ e em % do faturamento, participação no faturamento total do período (todos os produtos, sem filtros), código, GTIN, categoria e marca. Totais (`totais`) sobre todas as linhas filtradas; `grafico`: os 10 maiores faturamentos entre elas. Filtros: período (dataInicio, dataFim; padrão o mês corrente), query (nome contém, código ou GTIN exatos), produtoId, categoriaId (com as subcategorias), marcaId. Ordem: `ordem`=faturamento (padrão, maior primeiro), quantidade, margem (maior primeiro) ou nome (A–Z); empates pelo nome.',
  criterio: CRITERIO_VENDAS,
  colunas: [
    { titulo: 'Produto', valor: (l) => l.nome, largura: 40, larguraPdf: '*' },
    { titulo: 'Código', valor: (l) => l.codigo, larguraPdf: 50 },
    { titulo: 'GTIN', valor: (l) => l.codigoBarras, largura: 16, larguraPdf: 70 },
    { titulo: 'Categoria', valor: (l) => l.categoria, largura: 20, larguraPdf: 70 },
    { titulo: 'Marca', valor: (l) => l.marca, largura: 16, larguraPdf: 60 },
    ...colunasFigurasVendas<LinhaVendasPorProduto, TotaisVendasPorProduto>(),
  ] satisfies ColunaRelatorio<LinhaVendasPorProduto, TotaisVendasPorProduto>[],
  descreverFiltros: async (ctx, filtros) => {
    const impressos: string[] = [];
    const nome = async (tabela: SQL, id: string) =>
      (await queryRows<{ nome: string }>(ctx.tx, sql`select nome from ${tabela} where id = ${id}`))[0]?.nome ?? '—';
    if (filtros.categoriaId)
      impressos.push(`Categoria: ${await nome(sql`categorias_produto`, filtros.categoriaId)} (com subcategorias)`);
    if (filtros.marcaId) impressos.push(`Marca: ${await nome(sql`marcas`, filtros.marcaId)}`);
    if (filtros.produtoId) impressos.push(`Produto: ${await nome(sql`produtos`, filtros.produtoId)}`);
    if (filtros.ordem && filtros.ordem !== 'faturamento')
      impressos.push(`Ordem: ${ORDENS_VENDAS_POR_PRODUTO_ROTULOS[filtros.ordem]}`);
    return impressos;
  },
  consultar: async (ctx, filtros, pagina) => {
    const condicoes: SQL[] = [sql`true`];
    if (filtros.produtoId) condicoes.push(sql`p.id = ${filtros.produtoId}`);
    if (filtros.marcaId) condicoes.push(sql`p.marca_id = ${filtros.marcaId}`);
    if (filtros.categoriaId) condicoes.push(sql`p.categoria_id in ${categoriaEDescendentes(filtros.categoriaId)}`);
    const texto = filtros.query?.trim();
    if (texto)
      condicoes.push(
        sql`(${containsText(sql`p.nome`, texto)} or p.codigo_busca = upper(${texto}) or p.codigo_barras = ${texto})`,
      );
    const limite = pagina ? sql`limit ${pagina.limit} offset ${pagina.offset}` : sql`limit ${MAX_EXPORT_ROWS}`;
    const figurasLinha = figurasJsonSql(sql`quantidade`, sql`r`, sql`c`, sql`(select r from geral)`);

    const [res] = await queryRows<Resultado>(
      ctx.tx,
      sql`with itens as (${itensVendidosSql(ctx.periodo!, ctx.unidade.timeZone)}),
          por_produto as (
            select produto_id, sum(quantidade) as q, sum(receita) as r, sum(custo) as c from itens group by produto_id
          ),
          geral as (select sum(r) as r from por_produto),
          linhas as (
            select pp.produto_id, p.nome, p.nome_busca, p.codigo, p.codigo_barras, cat.nome as categoria, m.nome as marca,
                   pp.q as quantidade, pp.r as r, pp.c as c,
                   round(pp.r, 2) as faturamento, round(pp.r, 2) - round(pp.c, 2) as margem
              from por_produto pp
              join produtos p on p.id = pp.produto_id
              left join categorias_produto cat on cat.id = p.categoria_id
              left join marcas m on m.id = p.marca_id
             where ${sql.join(condicoes, sql` and `)}
          ),
          pagina as (
            select *, row_number() over (order by ${ORDEM_SQL[filtros.ordem ?? 'faturamento']}) as n
              from linhas order by ${ORDEM_SQL[filtros.ordem ?? 'faturamento']} ${limite}
          )
          select
            (select json_agg(json_build_object('produtoId', produto_id, 'nome', nome, 'codigo', codigo,
                    'codigoBarras', codigo_barras, 'categoria', categoria, 'marca', marca, ${figurasLinha}) order by n)
               from pagina) as items,
            (select count(*)::int from linhas) as total,
            (select json_build_object('produtos', count(*)::int,
                    ${figurasJsonSql(sql`coalesce(sum(quantidade), 0)`, sql`coalesce(sum(r), 0)`, sql`coalesce(sum(c), 0)`, sql`(select r from geral)`)})
               from linhas) as totais,
            (select json_agg(json_build_object('produtoId', produto_id, 'nome', nome, 'faturamento', faturamento,
                    'margem', margem) order by faturamento desc, nome_busca collate "C", produto_id)
               from (select * from linhas order by faturamento desc, nome_busca collate "C", produto_id
                      limit ${TOP_GRAFICO_VENDAS_POR_PRODUTO}) top) as grafico`,
    );

    const totais = res?.totais;
    return {
      items: (res?.items ?? []).map(lerFiguras),
      total: res?.total ?? 0,
      totais: totais
        ? lerFiguras(totais)
        : { produtos: 0, quantidade: 0, faturamento: 0, custo: 0, margem: 0, margemPercentual: null, participacao: null },
      grafico: (res?.grafico ?? []).map((b) => ({ ...b, faturamento: num(b.faturamento), margem: num(b.margem) })),
    };
  },
};
