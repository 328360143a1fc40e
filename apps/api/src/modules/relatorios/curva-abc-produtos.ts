/**
 * GET /api/relatorios/curva-abc-produtos (issue #20; spec §7 "Reports"; DOMAIN.md §11): the
 * products ranked by net revenue in the period (the sales rule `itensVendidosSql`, its whole months
 * read from the monthly rollup: `vendasPorProdutoSql` of itens-vendidos-mes.ts), each with
 * its share, the cumulative share and its ABC class (80/15/5 %, `classeAbc` of
 * @petshop/shared/relatorios-abc), as one statement (curva-abc.ts). With `categoriaId` the curve
 * is that category's (sub-categories included); `query`, `produtoId` and `classe` only pick rows.
 */
import { sql } from 'drizzle-orm';
import { CRITERIO_VENDAS } from '@petshop/shared/relatorios';
import {
  curvaAbcProdutosQuerySchema,
  curvaAbcProdutosRespostaSchema,
  type CurvaAbcProdutosQuery,
  type LinhaCurvaAbcProduto,
  type PontoPareto,
  type TotaisCurvaAbcProdutos,
} from '@petshop/shared/relatorios-abc';
import { queryRows } from '../../db/rows.ts';
import { categoriaEDescendentes } from '../inventario/categorias-produto-repository.ts';
import { consultarCurvaAbc, filtroClasse } from './curva-abc.ts';
import type { DefinicaoRelatorio } from './relatorio.ts';
import { vendasPorProdutoSql } from './itens-vendidos-mes.ts';

type Extra = { pareto: PontoPareto[]; itensCurva: number };

/** The ABC curve of products: one page of rows, totals, the classes' summary and the Pareto points. */
export const curvaAbcProdutos: DefinicaoRelatorio<CurvaAbcProdutosQuery, LinhaCurvaAbcProduto, TotaisCurvaAbcProdutos, Extra> = {
  id: 'curva-abc-produtos',
  querystring: curvaAbcProdutosQuerySchema,
  resposta: curvaAbcProdutosRespostaSchema,
  descricao:
    'Curva ABC dos produtos: cada produto vendido no período com quantidade e faturamento líquidos, participação e participação acumulada no faturamento, e a classe (A: até 80 % do faturamento, B: os 15 % seguintes, C: os 5 % finais; o produto que cruza um limite fica na classe anterior; faturamento zero ou negativo é C). Ordem: faturamento decrescente. Filtros: período (padrão: o mês atual), categoriaId (a curva da categoria e subcategorias), query (nome, código ou código de barras), produtoId e classe (A|B|C) escolhem linhas sem mudar posição, participação nem classe. totais: as linhas escolhidas e o resumo das três classes da curva inteira; pareto: até 100 pontos do gráfico.',
  criterio: `${CRITERIO_VENDAS} A participação é sobre o faturamento dos produtos com faturamento positivo.`,
  colunas: [
    { titulo: 'Posição', tipo: 'inteiro', valor: (l) => l.posicao, largura: 9, larguraPdf: 48 },
    { titulo: 'Produto', valor: (l) => l.produto, largura: 40, total: (t) => `${t.itens} produtos`, larguraPdf: '*' },
    { titulo: 'Código', valor: (l) => l.codigo, largura: 14, larguraPdf: 'auto' },
    { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.quantidade, total: (t) => t.quantidade, larguraPdf: 'auto' },
    { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento, larguraPdf: 'auto' },
    {
      titulo: 'Participação (%)',
      tipo: 'percentual',
      valor: (l) => l.participacao,
      total: (t) => t.participacao,
      larguraPdf: 'auto',
    },
    { titulo: 'Acumulado (%)', tipo: 'percentual', valor: (l) => l.acumulado, larguraPdf: 'auto' },
    { titulo: 'Classe', valor: (l) => l.classe, largura: 8, larguraPdf: 40 },
  ],
  consultar: async (ctx, filtros, pagina) => {
    const periodo = ctx.periodo!;
    const q = filtros.query;
    const resultado = await consultarCurvaAbc<LinhaCurvaAbcProduto, { quantidade: number }>(ctx.tx, {
      ctes: sql`with itens as (${vendasPorProdutoSql(periodo, ctx.unidade.timeZone)}),
        por_item as (
          select i.produto_id as item_id, sum(i.quantidade) as quantidade,
                 round(sum(i.receita) * 100)::float8 as centavos
            from itens i
           where ${
             filtros.categoriaId
               ? sql`i.produto_id in (select id from produtos where categoria_id in ${categoriaEDescendentes(filtros.categoriaId)})`
               : sql`true`
           }
           group by i.produto_id
        ),`,
      juncaoFiltro: q ? sql`join produtos b on b.id = c.item_id` : sql``,
      filtro: sql`${filtroClasse(filtros.classe)}
        and ${filtros.produtoId ? sql`c.item_id = ${filtros.produtoId}::uuid` : sql`true`}
        and ${q ? sql`(strpos(b.nome_busca, f_busca(${q})) > 0 or b.codigo_busca = upper(${q}) or b.codigo_barras = ${q})` : sql`true`}`,
      detalhe: sql`join produtos d on d.id = c.item_id`,
      nome: sql`d.nome`,
      colunas: sql`'produtoId', c.item_id, 'produto', d.nome, 'codigo', d.codigo, 'quantidade', round(c.quantidade, 3)`,
      totaisProprios: sql`, 'quantidade', coalesce(round(sum(f.quantidade), 3), 0)`,
      pagina,
    });
    return {
      items: resultado.items,
      total: resultado.total,
      totais: { ...resultado.totais, faturamentoCurva: resultado.faturamentoCurva, classes: resultado.classes },
      pareto: resultado.pareto,
      itensCurva: resultado.itensCurva,
    };
  },
  descreverFiltros: async (ctx, f) => {
    const impressos: string[] = [];
    if (f.categoriaId) {
      const [r] = await queryRows<{ nome: string }>(
        ctx.tx,
        sql`select nome from categorias_produto where id = ${f.categoriaId}::uuid`,
      );
      if (r) impressos.push(`Categoria: ${r.nome} (com subcategorias)`);
    }
    if (f.produtoId) {
      const [r] = await queryRows<{ nome: string }>(ctx.tx, sql`select nome from produtos where id = ${f.produtoId}::uuid`);
      if (r) impressos.push(`Produto: ${r.nome}`);
    }
    if (f.classe) impressos.push(`Classe: ${f.classe}`);
    return impressos;
  },
};
