/**
 * GET /api/relatorios/produtos-proximo-vencimento (issue #20; spec §7 "Reports"; DOMAIN.md §11):
 * the selected unit's lots with stock (quantidade > 0) and an expiry date, already expired or
 * expiring from the unit's today up to today + `dias`, each with what is left, the product's
 * cost in this unit and the value at cost; the totals split expired / to expire and, for the
 * chart, the value at cost per bucket of days (Vencidos, 0–7, 8–15, 16–30, 31–60, 61+).
 *
 * The cost is the stock position's (estoque-repository.ts): the unit's average cost
 * (`estoques.custo_medio`), else the product's cost price (`produtos.preco_custo`).
 * Two statements per request: the page (ordered by expiry, product name, lot number) and the
 * totals with the buckets, both over the lots index (unidade_negocio_id, data_validade).
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatCount } from '@petshop/shared/format';
import {
  FAIXA_VENCIMENTO_LABEL,
  FAIXAS_VENCIMENTO,
  relatorioVencimentoQuerySchema,
  relatorioVencimentoSchema,
  SITUACAO_VENCIMENTO_LABEL,
  type FaixaVencimentoValor,
  type LinhaVencimento,
  type RelatorioVencimentoQuery,
  type TotaisVencimento,
} from '@petshop/shared/relatorios-estoque';
import { num, queryRows } from '../../db/rows.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import { categoriaEDescendentes } from '../inventario/categorias-produto-repository.ts';
import type { ContextoRelatorio, DefinicaoRelatorio } from './relatorio.ts';

/**
 * Ids of the tenant's products whose name contains `q` (accent-insensitive, through
 * f_produtos_nome_contem, as the products list and the stock position search), whose code is
 * `q` (case-insensitive) or whose barcode is `q`.
 */
const produtosDaBusca = (q: string): SQL =>
  sql`array(
    select produto_id from f_produtos_nome_contem(${q}, false, null::integer)
    union select id from produtos where codigo_busca = upper(${q})
    union select id from produtos where codigo_barras = ${q}
  )`;

/** The lots matched (`l` joined to `p` and the unit's `e`), with `dias` to expiry. */
const lotesDoRelatorio = (ctx: ContextoRelatorio, f: RelatorioVencimentoQuery): SQL => {
  const unidadeId = ctx.unidade.id;
  const hoje = sql`${ctx.unidade.hoje}::date`;
  const parts: SQL[] = [sql`l.unidade_negocio_id = ${unidadeId}::uuid`, sql`l.quantidade > 0`, sql`l.data_validade is not null`];
  if (f.situacao === 'vencidos') parts.push(sql`l.data_validade < ${hoje}`);
  else if (f.situacao === 'a_vencer') parts.push(sql`l.data_validade >= ${hoje} and l.data_validade <= ${hoje} + ${f.dias}::int`);
  else parts.push(sql`l.data_validade <= ${hoje} + ${f.dias}::int`);
  if (f.query) {
    parts.push(sql`(l.produto_id = any(${produtosDaBusca(f.query)}) or upper(l.numero) = upper(${f.query}))`);
  }
  if (f.produtoId) parts.push(sql`l.produto_id = ${f.produtoId}::uuid`);
  if (f.categoriaId) parts.push(sql`p.categoria_id in ${categoriaEDescendentes(f.categoriaId)}`);
  return sql`select l.id, l.produto_id, l.numero, l.data_validade, l.quantidade,
                    (l.data_validade - ${hoje}) as dias,
                    coalesce(nullif(e.custo_medio, 0), p.preco_custo) as custo,
                    p.nome, p.nome_busca, p.codigo, p.unidade_medida_id
               from lotes l
               join produtos p on p.id = l.produto_id
               left join estoques e on e.produto_id = l.produto_id and e.unidade_negocio_id = ${unidadeId}::uuid
              where ${sql.join(parts, sql` and `)}`;
};

type LinhaRow = {
  id: string;
  produto_id: string;
  nome: string;
  codigo: string | null;
  sigla: string;
  permite_venda_fracionada: boolean;
  numero: string;
  data_validade: string;
  dias: number | string;
  quantidade: string;
  custo: string;
  valor: string;
};

type TotaisRow = Record<string, string | null>;

/** The bucket of `dias` in SQL (FAIXAS_VENCIMENTO, same edges as faixaVencimento). */
const FAIXA_SQL = sql`case when dias < 0 then 'vencidos' when dias <= 7 then '0-7' when dias <= 15 then '8-15'
                      when dias <= 30 then '16-30' when dias <= 60 then '31-60' else '61+' end`;

const consultar = async (
  ctx: ContextoRelatorio,
  f: RelatorioVencimentoQuery,
  pagina: { limit: number; offset: number } | null,
) => {
  const base = lotesDoRelatorio(ctx, f);
  const { limit, offset } = pagina ?? { limit: MAX_EXPORT_ROWS, offset: 0 };
  const rows = await queryRows<LinhaRow>(
    ctx.tx,
    sql`with base as (${base})
        select b.id, b.produto_id, b.nome, b.codigo, u.sigla, u.permite_venda_fracionada, b.numero,
               b.data_validade::text as data_validade, b.dias, b.quantidade::text as quantidade,
               b.custo::text as custo, round(b.quantidade * b.custo, 2)::text as valor
          from base b
          join unidades_medida u on u.id = b.unidade_medida_id
         order by b.data_validade, b.nome_busca collate "C", b.numero, b.id
         limit ${limit} offset ${offset}`,
  );
  const [t] = await queryRows<TotaisRow>(
    ctx.tx,
    sql`with base as (${base}),
        valores as (select dias, quantidade, round(quantidade * custo, 2) as valor, ${FAIXA_SQL} as faixa from base)
        select count(*)::text as lotes,
               coalesce(sum(quantidade), 0)::text as quantidade,
               coalesce(sum(valor), 0)::text as valor,
               (count(*) filter (where dias < 0))::text as lotes_vencidos,
               coalesce(sum(quantidade) filter (where dias < 0), 0)::text as quantidade_vencida,
               coalesce(sum(valor) filter (where dias < 0), 0)::text as valor_vencido,
               ${sql.join(
                 FAIXAS_VENCIMENTO.map(
                   (faixa, i) =>
                     sql`(count(*) filter (where faixa = ${faixa}))::text as ${sql.raw(`lotes_${i}`)},
                         coalesce(sum(valor) filter (where faixa = ${faixa}), 0)::text as ${sql.raw(`valor_${i}`)}`,
                 ),
                 sql`, `,
               )}
          from valores`,
  );
  const totais: TotaisVencimento = {
    lotes: Number(t?.lotes ?? 0),
    quantidade: num(t?.quantidade),
    valorCusto: num(t?.valor),
    lotesVencidos: Number(t?.lotes_vencidos ?? 0),
    quantidadeVencida: num(t?.quantidade_vencida),
    valorVencido: num(t?.valor_vencido),
    lotesAVencer: Number(t?.lotes ?? 0) - Number(t?.lotes_vencidos ?? 0),
    quantidadeAVencer: Math.round((num(t?.quantidade) - num(t?.quantidade_vencida)) * 1000) / 1000,
    valorAVencer: Math.round((num(t?.valor) - num(t?.valor_vencido)) * 100) / 100,
  };
  const faixas: FaixaVencimentoValor[] = FAIXAS_VENCIMENTO.map((faixa, i) => ({
    faixa,
    rotulo: FAIXA_VENCIMENTO_LABEL[faixa],
    lotes: Number(t?.[`lotes_${i}`] ?? 0),
    valorCusto: num(t?.[`valor_${i}`]),
  }));
  const items: LinhaVencimento[] = rows.map((r) => ({
    loteId: r.id,
    produtoId: r.produto_id,
    produtoNome: r.nome,
    codigo: r.codigo,
    unidadeSigla: r.sigla,
    permiteVendaFracionada: r.permite_venda_fracionada,
    lote: r.numero,
    dataValidade: r.data_validade,
    diasParaVencer: Number(r.dias),
    quantidade: num(r.quantidade),
    custoUnitario: num(r.custo),
    valorCusto: num(r.valor),
  }));
  return { items, total: totais.lotes, totais, faixas };
};

export const produtosProximoVencimento: DefinicaoRelatorio<
  RelatorioVencimentoQuery,
  LinhaVencimento,
  TotaisVencimento,
  { faixas: FaixaVencimentoValor[] }
> = {
  id: 'produtos-proximo-vencimento',
  querystring: relatorioVencimentoQuerySchema,
  resposta: relatorioVencimentoSchema,
  descricao:
    'Os lotes da unidade com saldo e data de validade: os já vencidos e os que vencem de hoje (no fuso da unidade) até hoje + dias. ' +
    'Cada lote com produto, código, número, validade, dias para vencer (negativo = vencido), quantidade, custo unitário (custo médio da unidade, ou o preço de custo do produto) e valor a custo. ' +
    'Filtros: dias (1 a 365, padrão 60), situacao (todos | vencidos | a_vencer, padrão todos), query (nome, código ou código de barras do produto, ou o número do lote), produtoId, categoriaId (com as subcategorias). ' +
    'Ordem: validade, nome do produto, número do lote. Totais de todos os lotes, separados em vencidos e a vencer; faixas: valor a custo por faixa de dias para o gráfico.',
  criterio:
    'Lotes com saldo maior que zero e data de validade; dias contados a partir de hoje no fuso da unidade (negativo = vencido); valor a custo = saldo do lote × custo médio da unidade (ou o preço de custo do produto, quando não há custo médio).',
  colunas: [
    { titulo: 'Produto', valor: (l) => l.produtoNome, largura: 40 },
    { titulo: 'Código', valor: (l) => l.codigo, largura: 14, larguraPdf: 'auto' },
    {
      titulo: 'Lote',
      valor: (l) => l.lote,
      largura: 14,
      larguraPdf: 'auto',
      total: (t) => formatCount(t.lotes, 'lote', 'lotes'),
    },
    { titulo: 'Validade', tipo: 'data', valor: (l) => l.dataValidade, larguraPdf: 'auto' },
    {
      titulo: 'Dias para vencer',
      tipo: 'inteiro',
      valor: (l) => l.diasParaVencer,
      larguraPdf: 'auto',
    },
    { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.quantidade, total: (t) => t.quantidade, larguraPdf: 'auto' },
    { titulo: 'Custo unitário', tipo: 'dinheiro', valor: (l) => l.custoUnitario, larguraPdf: 'auto' },
    { titulo: 'Valor a custo', tipo: 'dinheiro', valor: (l) => l.valorCusto, total: (t) => t.valorCusto, larguraPdf: 'auto' },
  ],
  consultar,
  descreverFiltros: async (ctx, f) => {
    const filtros = [
      ...(f.situacao === 'vencidos' ? [] : [`Vencimento: até ${formatCount(f.dias, 'dia', 'dias')}`]),
      `Situação: ${SITUACAO_VENCIMENTO_LABEL[f.situacao]}`,
    ];
    if (f.categoriaId) {
      const [c] = await queryRows<{ nome: string }>(
        ctx.tx,
        sql`select nome from categorias_produto where id = ${f.categoriaId}::uuid`,
      );
      if (c) filtros.push(`Categoria: ${c.nome}`);
    }
    if (f.produtoId) {
      const [p] = await queryRows<{ nome: string }>(ctx.tx, sql`select nome from produtos where id = ${f.produtoId}::uuid`);
      if (p) filtros.push(`Produto: ${p.nome}`);
    }
    return filtros;
  },
};
