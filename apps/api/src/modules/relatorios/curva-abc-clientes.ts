/**
 * GET /api/relatorios/curva-abc-clientes (issue #20; spec §7 "Reports"; DOMAIN.md §11): the
 * customers ranked by net revenue in the period (the sales rule: `vendasLiquidasSql`, the sale's
 * grain, whose revenue per sale is its items' to the cent; `itensVendidosSql` with a product), each with
 * the number of purchases, average ticket, last purchase, share, cumulative share and ABC class
 * (80/15/5 %, `classeAbc` of @petshop/shared/relatorios-abc), as one statement (curva-abc.ts).
 * Sales without a customer are not a customer: they stay out of the curve and their revenue is
 * given apart ("Consumidor não identificado"). With `produtoId` the curve is that product's
 * buyers, on its sales only; `query` and `classe` only pick rows.
 */
import { sql } from 'drizzle-orm';
import { CRITERIO_VENDAS } from '@petshop/shared/relatorios';
import {
  curvaAbcClientesQuerySchema,
  curvaAbcClientesRespostaSchema,
  type CurvaAbcClientesQuery,
  type LinhaCurvaAbcCliente,
  type PontoPareto,
  type TotaisCurvaAbcClientes,
} from '@petshop/shared/relatorios-abc';
import { onlyDigits } from '@petshop/shared/validators';
import { queryRows } from '../../db/rows.ts';
import { consultarCurvaAbc, filtroClasse } from './curva-abc.ts';
import type { DefinicaoRelatorio } from './relatorio.ts';
import { itensVendidosSql, vendasLiquidasSql } from './vendas-liquidas.ts';

type Extra = { pareto: PontoPareto[]; itensCurva: number };

/** Least digits of a search that also looks in CPF/CNPJ. */
const MIN_DIGITOS_DOCUMENTO = 3;

/** The ABC curve of customers: one page of rows, totals, the classes' summary and the Pareto points. */
export const curvaAbcClientes: DefinicaoRelatorio<CurvaAbcClientesQuery, LinhaCurvaAbcCliente, TotaisCurvaAbcClientes, Extra> = {
  id: 'curva-abc-clientes',
  querystring: curvaAbcClientesQuerySchema,
  resposta: curvaAbcClientesRespostaSchema,
  descricao:
    'Curva ABC dos clientes: cada cliente que comprou no período com número de compras, ticket médio (faturamento ÷ compras), data da última compra no período, faturamento líquido, participação e participação acumulada, e a classe (A: até 80 % do faturamento, B: os 15 % seguintes, C: os 5 % finais; o cliente que cruza um limite fica na classe anterior; faturamento zero ou negativo é C). Vendas sem cliente ficam fora da curva; totais.naoIdentificado traz seu número e faturamento, e faturamentoGeral a soma de tudo. Ordem: faturamento decrescente. Filtros: período (padrão: o mês atual), produtoId (a curva dos compradores do produto, só com as vendas dele), query (nome ou CPF/CNPJ) e classe (A|B|C) escolhem linhas sem mudar posição, participação nem classe. pareto: até 100 pontos do gráfico.',
  criterio: `${CRITERIO_VENDAS} Vendas sem cliente identificado ficam fora da curva; o faturamento delas aparece à parte como "Consumidor não identificado". A participação é sobre o faturamento dos clientes com faturamento positivo.`,
  colunas: [
    { titulo: 'Posição', tipo: 'inteiro', valor: (l) => l.posicao, largura: 9, larguraPdf: 48 },
    { titulo: 'Cliente', valor: (l) => l.cliente, largura: 40, total: (t) => `${t.itens} clientes`, larguraPdf: '*' },
    { titulo: 'Compras', tipo: 'inteiro', valor: (l) => l.compras, total: (t) => t.compras, larguraPdf: 'auto' },
    { titulo: 'Ticket médio', tipo: 'dinheiro', valor: (l) => l.ticketMedio, larguraPdf: 'auto' },
    { titulo: 'Última compra', tipo: 'data', valor: (l) => l.ultimaCompra, larguraPdf: 'auto' },
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
    const tz = ctx.unidade.timeZone;
    const q = filtros.query;
    const digitos = q ? onlyDigits(q) : '';
    // Without a product, the sale's grain (vendasLiquidasSql: one line per sale or return, the same
    // revenue to the cent as the sum of its items') — tens of thousands of lines over 12 months
    // instead of hundreds of thousands of items; a sale is one purchase, so `compras` is a count.
    // With a product, its items (itensVendidosSql): a purchase is a sale with that product.
    const doProduto = filtros.produtoId ? sql`i.produto_id = ${filtros.produtoId}::uuid` : sql`true`;
    const linhas = filtros.produtoId
      ? sql`select * from (${itensVendidosSql(periodo, tz)}) i where ${doProduto}`
      : vendasLiquidasSql(periodo, tz);
    const compras = filtros.produtoId
      ? sql`count(distinct i.venda_id) filter (where not i.devolucao)`
      : sql`count(*) filter (where not i.devolucao)`;
    const resultado = await consultarCurvaAbc<LinhaCurvaAbcCliente, { compras: number }>(ctx.tx, {
      ctes: sql`with itens as (${linhas}),
        por_item as (
          select i.cliente_id as item_id, round(sum(i.receita) * 100)::float8 as centavos,
                 ${compras} as compras,
                 max(i.em) filter (where not i.devolucao) as ultima
            from itens i
           where i.cliente_id is not null
           group by i.cliente_id
        ),`,
      juncaoFiltro: q ? sql`join pessoas b on b.id = c.item_id` : sql``,
      filtro: sql`${filtroClasse(filtros.classe)}
        and ${
          q
            ? sql`(strpos(b.nome_busca, f_busca(${q})) > 0${
                digitos.length >= MIN_DIGITOS_DOCUMENTO ? sql` or strpos(b.cpf_cnpj, ${digitos}) > 0` : sql``
              })`
            : sql`true`
        }`,
      detalhe: sql`join pessoas d on d.id = c.item_id`,
      nome: sql`d.nome`,
      colunas: sql`'clienteId', c.item_id, 'cliente', d.nome, 'compras', c.compras,
        'ticketMedio', round((c.centavos / nullif(c.compras, 0) / 100)::numeric, 2),
        'ultimaCompra', to_char((c.ultima at time zone ${tz})::date, 'YYYY-MM-DD')`,
      totaisProprios: sql`, 'compras', coalesce(sum(f.compras), 0)`,
      extras: sql`(select json_build_object(
          'compras', count(distinct i.venda_id) filter (where i.cliente_id is null and not i.devolucao),
          'faturamento', coalesce(round(sum(i.receita) filter (where i.cliente_id is null), 2), 0),
          'geral', coalesce(round(sum(i.receita), 2), 0))
        from itens i)`,
      pagina,
    });
    const extras = resultado.extras as { compras?: number; faturamento?: number; geral?: number };
    return {
      items: resultado.items,
      total: resultado.total,
      totais: {
        ...resultado.totais,
        faturamentoCurva: resultado.faturamentoCurva,
        classes: resultado.classes,
        naoIdentificado: { compras: Number(extras.compras ?? 0), faturamento: Number(extras.faturamento ?? 0) },
        faturamentoGeral: Number(extras.geral ?? 0),
      },
      pareto: resultado.pareto,
      itensCurva: resultado.itensCurva,
    };
  },
  descreverFiltros: async (ctx, f) => {
    const impressos: string[] = [];
    if (f.produtoId) {
      const [r] = await queryRows<{ nome: string }>(ctx.tx, sql`select nome from produtos where id = ${f.produtoId}::uuid`);
      if (r) impressos.push(`Produto: ${r.nome}`);
    }
    if (f.classe) impressos.push(`Classe: ${f.classe}`);
    return impressos;
  },
};
