/**
 * GET /api/relatorios/vendas-por-categoria (issue #20; spec §2 /relatorios/vendas-por-categoria,
 * §7 "Reports"; DOMAIN.md §11): the product-category tree with, for each category, the quantity,
 * revenue, cost, margin and share of the period's revenue of the products in it AND in its
 * sub-categories (@petshop/shared/relatorios-vendas), counted by THE net-sales rule
 * (`itensVendidosSql`, CRITERIO_VENDAS); products without a category under "Sem categoria".
 *
 * One statement: the period's sold items grouped per product, then per category; the closure of
 * the tree (each category with every descendant: `union`, so a damaged tree with a cycle still
 * ends) sums each subtree; a second recursion from the top level down lays the rows out depth
 * first, siblings by revenue (largest first), with `nivel` and `caminho`. Only categories with
 * sales in their subtree are rows; "Sem categoria" is the last top-level row. The page, the row
 * count, the totals (each product once: the union of the picked rows' subtrees) and the chart
 * (top-level revenue, whatever the query) come from the same CTEs. Categories are few (tens to
 * hundreds per tenant), so the closure is cheap beside the items' scan.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CRITERIO_VENDAS } from '@petshop/shared/relatorios';
import {
  SEM_CATEGORIA,
  SEPARADOR_CAMINHO_CATEGORIA,
  vendasPorCategoriaQuerySchema,
  vendasPorCategoriaRespostaSchema,
  type FatiaVendasPorCategoria,
  type LinhaVendasPorCategoria,
  type TotaisVendasPorCategoria,
  type VendasPorCategoriaQuery,
} from '@petshop/shared/relatorios-vendas';
import { num, queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import { colunasFigurasVendas, figurasJsonSql, lerFiguras, type FigurasLidas } from './figuras-vendas.ts';
import type { ColunaRelatorio, DefinicaoRelatorio } from './relatorio.ts';
import { itensVendidosSql } from './vendas-liquidas.ts';

type Extra = { grafico: FatiaVendasPorCategoria[] };

type Num = number | string;
type Resultado = {
  items: (Omit<LinhaVendasPorCategoria, keyof FigurasLidas> & FigurasLidas)[] | null;
  total: number;
  totais: (Omit<TotaisVendasPorCategoria, keyof FigurasLidas> & FigurasLidas) | null;
  grafico: { categoriaId: string | null; nome: string; faturamento: Num; participacao: Num | null }[] | null;
};

/** See the file's comment. */
export const vendasPorCategoria: DefinicaoRelatorio<
  VendasPorCategoriaQuery,
  LinhaVendasPorCategoria,
  TotaisVendasPorCategoria,
  Extra
> = {
  id: 'vendas-por-categoria',
  querystring: vendasPorCategoriaQuerySchema,
  resposta: vendasPorCategoriaRespostaSchema,
  descricao: `A árvore de categorias de produto com as vendas do período: para cada categoria, somando as suas subcategorias, quantidade líquida, faturamento (valor dos itens com o desconto da venda rateado, menos devoluções; sem frete), custo (quantidade × custo do item na venda), margem em R$ e em % do faturamento e participação no faturamento total do período; \`nivel\` (0 = raiz) e \`caminho\` para recuar as linhas. Só categorias com vendas na sua subárvore; produtos sem categoria em "${SEM_CATEGORIA}". Totais sobre os produtos das linhas escolhidas (cada produto uma vez); \`grafico\`: o faturamento de cada categoria raiz. Filtros: período (dataInicio, dataFim; padrão o mês corrente) e query (nome da categoria contém; cada categoria achada com toda a sua subárvore). Ordem: a árvore em profundidade, irmãs pelo maior faturamento, "${SEM_CATEGORIA}" por último.`,
  criterio: CRITERIO_VENDAS,
  colunas: [
    { titulo: 'Categoria', valor: (l) => l.caminho, largura: 40, larguraPdf: '*' },
    ...colunasFigurasVendas<LinhaVendasPorCategoria, TotaisVendasPorCategoria>(),
  ] satisfies ColunaRelatorio<LinhaVendasPorCategoria, TotaisVendasPorCategoria>[],
  consultar: async (ctx, filtros, pagina) => {
    const texto = filtros.query?.trim();
    const escolhida: SQL = texto ? containsText(sql`nome`, texto) : sql`true`;
    const limite = pagina ? sql`limit ${pagina.limit} offset ${pagina.offset}` : sql`limit ${MAX_EXPORT_ROWS}`;
    const base = sql`(select r from geral)`;

    const [res] = await queryRows<Resultado>(
      ctx.tx,
      sql`with recursive itens as (${itensVendidosSql(ctx.periodo!, ctx.unidade.timeZone)}),
          por_categoria as (
            select p.categoria_id, sum(i.quantidade) as q, sum(i.receita) as r, sum(i.custo) as c
              from (select produto_id, sum(quantidade) as quantidade, sum(receita) as receita, sum(custo) as custo
                      from itens group by produto_id) i
              join produtos p on p.id = i.produto_id
             group by p.categoria_id
          ),
          geral as (select sum(r) as r from por_categoria),
          fecho(ancestral, id) as (
            select id, id from categorias_produto
            union
            select f.ancestral, c.id from fecho f join categorias_produto c on c.categoria_pai_id = f.id
          ),
          subarvore as (
            select f.ancestral as categoria_id, sum(pc.q) as q, sum(pc.r) as r, sum(pc.c) as c
              from fecho f join por_categoria pc on pc.categoria_id = f.id
             group by f.ancestral
          ),
          irmas as (
            select s.categoria_id, cp.nome, cp.categoria_pai_id as pai, s.q, s.r, s.c,
                   lpad(row_number() over (partition by cp.categoria_pai_id
                                           order by s.r desc, f_busca(cp.nome), cp.id)::text, 6, '0') as pos
              from subarvore s join categorias_produto cp on cp.id = s.categoria_id
          ),
          arvore(categoria_id, nome, nivel, caminho, ordem, q, r, c) as (
            select categoria_id, nome, 0, nome, pos::text, q, r, c from irmas where pai is null
            union all
            select i.categoria_id, i.nome, a.nivel + 1, a.caminho || ${SEPARADOR_CAMINHO_CATEGORIA}::text || i.nome,
                   a.ordem || '.' || i.pos, i.q, i.r, i.c
              from arvore a join irmas i on i.pai = a.categoria_id
          ),
          linhas as (
            select categoria_id, nome, nivel, caminho, ordem, q, r, c from arvore
            union all
            select null::uuid, ${SEM_CATEGORIA}::text, 0, ${SEM_CATEGORIA}::text, '~', q, r, c from por_categoria where categoria_id is null
          ),
          escolhidas as (select * from linhas where ${escolhida}),
          pagina as (select * from escolhidas order by ordem collate "C" ${limite}),
          produtos_escolhidos as (
            select pc.q, pc.r, pc.c from por_categoria pc
             where pc.categoria_id in (select f.id from fecho f where f.ancestral in (select categoria_id from escolhidas))
                or (pc.categoria_id is null and exists (select 1 from escolhidas where categoria_id is null))
          )
          select
            (select json_agg(json_build_object('categoriaId', categoria_id, 'nome', nome, 'nivel', nivel,
                    'caminho', caminho, ${figurasJsonSql(sql`q`, sql`r`, sql`c`, base)}) order by ordem collate "C")
               from pagina) as items,
            (select count(*)::int from escolhidas) as total,
            (select json_build_object('categorias', (select count(*)::int from escolhidas),
                    ${figurasJsonSql(sql`coalesce(sum(q), 0)`, sql`coalesce(sum(r), 0)`, sql`coalesce(sum(c), 0)`, base)})
               from produtos_escolhidos) as totais,
            (select json_agg(json_build_object('categoriaId', categoria_id, 'nome', nome, 'faturamento', round(r, 2),
                    'participacao', round(r * 100 / nullif(${base}, 0), 2)) order by ordem collate "C")
               from linhas where nivel = 0) as grafico`,
    );

    return {
      items: (res?.items ?? []).map(lerFiguras),
      total: res?.total ?? 0,
      totais: res?.totais
        ? lerFiguras(res.totais)
        : { categorias: 0, quantidade: 0, faturamento: 0, custo: 0, margem: 0, margemPercentual: null, participacao: null },
      grafico: (res?.grafico ?? []).map((f) => ({
        ...f,
        faturamento: num(f.faturamento),
        participacao: f.participacao === null ? null : num(f.participacao),
      })),
    };
  },
};
