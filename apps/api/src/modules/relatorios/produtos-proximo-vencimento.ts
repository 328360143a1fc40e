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
import { produtosDaBusca } from '../estoque/estoque-repository.ts';
import { categoriaEDescendentes } from '../inventario/categorias-produto-repository.ts';
import type { ContextoRelatorio, DefinicaoRelatorio } from './relatorio.ts';

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
  // The unit's lots first (index on unidade_negocio_id, data_validade), then each lot's product
  // and cost by primary key (`offset 0` keeps both subqueries as written: otherwise the planner,
  // misjudging the row-level-security filter, hashes the whole catalogue and every balance).
  return sql`select l.id, l.produto_id, l.numero, l.data_validade, l.quantidade, l.dias,
                    x.custo, x.nome, x.nome_busca, x.codigo, x.unidade_medida_id
               from (select l.id, l.produto_id, l.numero, l.data_validade, l.quantidade, (l.data_validade - ${hoje}) as dias
                       from lotes l
                      where ${sql.join(parts, sql` and `)}
                      offset 0) l
              cross join lateral (
                select coalesce(nullif(e.custo_medio, 0), p.preco_custo) as custo,
                       p.nome, p.nome_busca, p.codigo, p.unidade_medida_id, p.categoria_id
                  from produtos p
                  left join estoques e on e.produto_id = p.id and e.unidade_negocio_id = ${unidadeId}::uuid
                 where p.id = l.produto_id
                offset 0) x
              ${f.categoriaId ? sql`where x.categoria_id in ${categoriaEDescendentes(f.categoriaId)}` : sql``}`;
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

type TotaisRow = Record<`t_${string}`, string | null>;

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
  // One statement: the lots matched once (materialized), their totals and buckets, and the
  // page left-joined to the totals (a page past the end still answers the totals' row).
  const rows = await queryRows<LinhaRow & TotaisRow>(
    ctx.tx,
    sql`with base as materialized (${base}),
        totais as (
          select count(*)::text as t_lotes,
                 coalesce(sum(quantidade), 0)::text as t_quantidade,
                 coalesce(sum(valor), 0)::text as t_valor,
                 (count(*) filter (where dias < 0))::text as t_lotes_vencidos,
                 coalesce(sum(quantidade) filter (where dias < 0), 0)::text as t_quantidade_vencida,
                 coalesce(sum(valor) filter (where dias < 0), 0)::text as t_valor_vencido,
                 ${sql.join(
                   FAIXAS_VENCIMENTO.map(
                     (faixa, i) =>
                       sql`(count(*) filter (where faixa = ${faixa}))::text as ${sql.raw(`t_lotes_${i}`)},
                           coalesce(sum(valor) filter (where faixa = ${faixa}), 0)::text as ${sql.raw(`t_valor_${i}`)}`,
                   ),
                   sql`, `,
                 )}
            from (select dias, quantidade, round(quantidade * custo, 2) as valor, ${FAIXA_SQL} as faixa from base) v
        ),
        pagina as (
          select b.id, b.produto_id, b.nome, b.nome_busca, b.codigo, u.sigla, u.permite_venda_fracionada, b.numero,
                 b.data_validade, b.dias, b.quantidade, b.custo, round(b.quantidade * b.custo, 2) as valor
            from base b
            join unidades_medida u on u.id = b.unidade_medida_id
           order by b.data_validade, b.nome_busca collate "C", b.numero, b.id
           limit ${limit} offset ${offset}
        )
        select t.*, pg.id, pg.produto_id, pg.nome, pg.codigo, pg.sigla, pg.permite_venda_fracionada, pg.numero,
               pg.data_validade::text as data_validade, pg.dias, pg.quantidade::text as quantidade,
               pg.custo::text as custo, pg.valor::text as valor
          from totais t
          left join pagina pg on true
         order by pg.data_validade, pg.nome_busca collate "C", pg.numero, pg.id`,
  );
  const t = rows[0];
  const totais: TotaisVencimento = {
    lotes: Number(t?.t_lotes ?? 0),
    quantidade: num(t?.t_quantidade),
    valorCusto: num(t?.t_valor),
    lotesVencidos: Number(t?.t_lotes_vencidos ?? 0),
    quantidadeVencida: num(t?.t_quantidade_vencida),
    valorVencido: num(t?.t_valor_vencido),
    lotesAVencer: Number(t?.t_lotes ?? 0) - Number(t?.t_lotes_vencidos ?? 0),
    quantidadeAVencer: Math.round((num(t?.t_quantidade) - num(t?.t_quantidade_vencida)) * 1000) / 1000,
    valorAVencer: Math.round((num(t?.t_valor) - num(t?.t_valor_vencido)) * 100) / 100,
  };
  const faixas: FaixaVencimentoValor[] = FAIXAS_VENCIMENTO.map((faixa, i) => ({
    faixa,
    rotulo: FAIXA_VENCIMENTO_LABEL[faixa],
    lotes: Number(t?.[`t_lotes_${i}`] ?? 0),
    valorCusto: num(t?.[`t_valor_${i}`]),
  }));
  const items: LinhaVencimento[] = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
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
