/**
 * GET /api/relatorios/posicao-estoque (issue #20; spec §7 "Reports"; DOMAIN.md §11): the stock
 * position of the selected unit — the rows and filters of GET /api/estoques (`listEstoques`, the
 * same code) — in the report envelope, with the totals of every row matched and its exports
 * (CSV, XLSX, PDF). The totals are GET /estoques/resumo's (products, value at cost, below
 * minimum, zeroed, negative) plus the quantity on hand and the value at sale price.
 */
import { sql } from 'drizzle-orm';
import { formatCount } from '@petshop/shared/format';
import { SITUACAO_ESTOQUE_LABEL, type ListEstoquesQuery, type PosicaoEstoque } from '@petshop/shared/estoque';
import {
  relatorioPosicaoQuerySchema,
  relatorioPosicaoSchema,
  type RelatorioPosicaoQuery,
  type TotaisPosicao,
} from '@petshop/shared/relatorios-estoque';
import { num, queryRows } from '../../db/rows.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import { CUSTO, listEstoques, QUANTIDADE, wherePosicao } from '../estoque/estoque-repository.ts';
import type { ContextoRelatorio, DefinicaoRelatorio, PaginaRelatorio } from './relatorio.ts';

const filtrosDaPosicao = (f: RelatorioPosicaoQuery, pagina: PaginaRelatorio): ListEstoquesQuery => ({
  page: pagina ? Math.floor(pagina.offset / pagina.limit) + 1 : 1,
  pageSize: pagina ? pagina.limit : MAX_EXPORT_ROWS,
  query: f.query,
  categoriaId: f.categoriaId,
  marcaId: f.marcaId,
  produtoId: f.produtoId,
  situacao: f.situacao,
});

/**
 * The totals of every product matched, in one pass over the catalogue and the unit's balances:
 * getResumoEstoques' figures (the same formulas: products, Σ round(max(0, balance) × cost, 2),
 * balance < minimum, zero, negative) plus Σ balance and Σ round(max(0, balance) × sale price, 2).
 * One statement instead of getResumoEstoques and a second scan for the two sums it lacks; the rows
 * matched are GET /estoques' (the repository's `wherePosicao`, balance and cost expressions).
 */
const totaisDaPosicao = async (ctx: ContextoRelatorio, f: RelatorioPosicaoQuery): Promise<TotaisPosicao> => {
  const [r] = await queryRows<Record<keyof TotaisPosicao, string>>(
    ctx.tx,
    sql`select count(*)::text as "produtos",
               coalesce(sum(${QUANTIDADE}), 0)::text as "quantidade",
               coalesce(sum(round(greatest(${QUANTIDADE}, 0) * ${CUSTO}, 2)), 0)::text as "valorCusto",
               coalesce(sum(round(greatest(${QUANTIDADE}, 0) * p.preco_venda, 2)), 0)::text as "valorVenda",
               (count(*) filter (where ${QUANTIDADE} < p.estoque_minimo))::text as "abaixoMinimo",
               (count(*) filter (where ${QUANTIDADE} = 0))::text as "zerados",
               (count(*) filter (where ${QUANTIDADE} < 0))::text as "negativos"
          from produtos p
          left join estoques e on e.produto_id = p.id and e.unidade_negocio_id = ${ctx.unidade.id}::uuid
         where ${wherePosicao(filtrosDaPosicao(f, null), QUANTIDADE)}`,
  );
  return {
    produtos: Number(r?.produtos ?? 0),
    quantidade: num(r?.quantidade),
    valorCusto: num(r?.valorCusto),
    valorVenda: num(r?.valorVenda),
    abaixoMinimo: Number(r?.abaixoMinimo ?? 0),
    zerados: Number(r?.zerados ?? 0),
    negativos: Number(r?.negativos ?? 0),
  };
};

const consultar = async (ctx: ContextoRelatorio, f: RelatorioPosicaoQuery, pagina: PaginaRelatorio) => {
  const linhas = await listEstoques(ctx.tx, filtrosDaPosicao(f, pagina));
  return { items: linhas.items, total: linhas.total, totais: await totaisDaPosicao(ctx, f) };
};

export const posicaoEstoque: DefinicaoRelatorio<RelatorioPosicaoQuery, PosicaoEstoque, TotaisPosicao, Record<never, never>> = {
  id: 'posicao-estoque',
  querystring: relatorioPosicaoQuerySchema,
  resposta: relatorioPosicaoSchema,
  descricao:
    'A posição de estoque da unidade: as mesmas linhas e filtros de GET /estoques (produtos que controlam estoque; inativos só com saldo diferente de zero; sem saldo = 0), ' +
    'com saldo, mínimo, custo médio (ou o preço de custo), valor em estoque = max(0, saldo) × custo e a próxima validade dos lotes. ' +
    'Filtros: query (nome, código ou código de barras), categoriaId (com as subcategorias), marcaId, produtoId, situacao (todos | abaixo_minimo | zerado | negativo). ' +
    'Ordem: nome do produto. Totais de todos os produtos: quantidade, valor a custo, valor a preço de venda, abaixo do mínimo, zerados e negativos.',
  criterio:
    'Saldo atual da unidade; valor em estoque = saldo positivo × custo médio da unidade (ou o preço de custo do produto, quando não há custo médio); valor de venda = saldo positivo × preço de venda.',
  colunas: [
    { titulo: 'Produto', valor: (p) => p.nome, largura: 40 },
    {
      titulo: 'Código',
      valor: (p) => p.codigo,
      largura: 14,
      larguraPdf: 'auto',
      total: (t) => formatCount(t.produtos, 'produto', 'produtos'),
    },
    { titulo: 'Código de barras', valor: (p) => p.codigoBarras, largura: 16, larguraPdf: 'auto' },
    { titulo: 'Unidade', valor: (p) => p.unidadeSigla, larguraPdf: 'auto' },
    { titulo: 'Estoque', tipo: 'quantidade', valor: (p) => p.quantidade, total: (t) => t.quantidade, larguraPdf: 'auto' },
    { titulo: 'Mínimo', tipo: 'quantidade', valor: (p) => p.estoqueMinimo, larguraPdf: 'auto' },
    {
      titulo: 'Abaixo do mínimo',
      valor: (p) => (p.abaixoMinimo ? 'Sim' : ''),
      total: (t) => t.abaixoMinimo,
      larguraPdf: 'auto',
    },
    { titulo: 'Custo médio', tipo: 'dinheiro', valor: (p) => p.custoMedio, larguraPdf: 'auto' },
    {
      titulo: 'Valor em estoque',
      tipo: 'dinheiro',
      valor: (p) => p.valorEstoque,
      total: (t) => t.valorCusto,
      larguraPdf: 'auto',
    },
    { titulo: 'Próxima validade', tipo: 'data', valor: (p) => p.proximaValidade, larguraPdf: 'auto' },
  ],
  consultar,
  descreverFiltros: async (ctx, f) => {
    const filtros: string[] = [];
    if (f.situacao !== 'todos') filtros.push(`Situação: ${SITUACAO_ESTOQUE_LABEL[f.situacao]}`);
    const nomes: [string, string, string | undefined][] = [
      ['Categoria', 'categorias_produto', f.categoriaId],
      ['Marca', 'marcas', f.marcaId],
      ['Produto', 'produtos', f.produtoId],
    ];
    for (const [rotulo, tabela, id] of nomes) {
      if (!id) continue;
      const [r] = await queryRows<{ nome: string }>(
        ctx.tx,
        sql`select nome from ${sql.identifier(tabela)} where id = ${id}::uuid`,
      );
      if (r) filtros.push(`${rotulo}: ${r.nome}`);
    }
    return filtros;
  },
};
