/**
 * GET /api/relatorios/novos-clientes (issue #20; spec §2 /relatorios/novos-clientes, §7
 * "Reports"; @petshop/shared/relatorios-clientes, CRITERIO_NOVOS_CLIENTES): the customers
 * registered in the period, how they found the shop, their first purchase in the selected unit
 * and what they bought there in the period (the net-sales rule at the sale's grain,
 * vendasLiquidasSql: Σ equals itensVendidosSql's to the cent).
 *
 * Unit scoping: customers are the tenant's (pessoas, every unit shares them), sales the unit's
 * (row-level security): every unit lists the same new customers, with its own purchases. A rule
 * by "the unit of the first purchase" would need the other units' sales, which the scope cannot
 * read.
 *
 * One statement: the period's customers (`novos`), their first sale in the unit (DISTINCT ON
 * over `vendas_cliente_idx`), their net purchases in the period, then the page, the count, the
 * totals, the donut (`origens`) and the chart's days or weeks (`grafico`, every bucket of the
 * period) from the same CTEs.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatCount, formatTelefone } from '@petshop/shared/format';
import {
  COMO_CONHECEU_NAO_INFORMADO,
  CRITERIO_NOVOS_CLIENTES,
  MAX_DIAS_GRAFICO_DIARIO,
  novosClientesQuerySchema,
  novosClientesRespostaSchema,
  type NovoCliente,
  type NovosClientesGraficoPonto,
  type NovosClientesOrigem,
  type NovosClientesQuery,
  type NovosClientesTotais,
} from '@petshop/shared/relatorios-clientes';
import { queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import { instantesDoPeriodo } from './periodo.ts';
import type { DefinicaoRelatorio } from './relatorio.ts';
import { vendasLiquidasSql } from './vendas-liquidas.ts';

type Extra = {
  agrupamento: 'dia' | 'semana';
  grafico: NovosClientesGraficoPonto[];
  origens: NovosClientesOrigem[];
};

type LinhaSql = {
  items: (Omit<NovoCliente, 'primeiraCompraValor' | 'totalComprado'> & {
    primeiraCompraValor: unknown;
    totalComprado: unknown;
  })[];
  total: number;
  totais: { clientes: number; comCompra: number; totalComprado: unknown };
  origens: NovosClientesOrigem[];
  grafico: NovosClientesGraficoPonto[];
};

const dinheiro = (v: unknown): number => Number(Number(v ?? 0).toFixed(2));

const diasDoPeriodo = (inicio: string, fim: string): number =>
  Math.round((Date.parse(`${fim}T00:00:00Z`) - Date.parse(`${inicio}T00:00:00Z`)) / 86_400_000) + 1;

/** The totals as the table's totals row says them: '3 clientes, 2 com compra (66,67 %)'. */
export const resumoDosTotais = (t: NovosClientesTotais): string => {
  const clientes = formatCount(t.clientes, 'cliente', 'clientes');
  if (t.conversao === null) return clientes;
  return `${clientes}, ${t.comCompra} com compra (${t.conversao.toFixed(2).replace('.', ',')} %)`;
};

/** See the file's comment. */
export const novosClientes: DefinicaoRelatorio<NovosClientesQuery, NovoCliente, NovosClientesTotais, Extra> = {
  id: 'novos-clientes',
  querystring: novosClientesQuerySchema,
  resposta: novosClientesRespostaSchema,
  descricao:
    'Clientes cadastrados no período (dia do cadastro no fuso da unidade), com como conheceram a loja, o primeiro telefone, a primeira compra nesta unidade (data e valor líquido da venda) e o total comprado nesta unidade no período (vendas líquidas). Totais: clientes, clientes com compra, conversão (%) e total comprado; `origens`: clientes por como conheceu (gráfico de rosca); `grafico`: clientes por dia (períodos de até 31 dias) ou por semana contada do primeiro dia do período, por como conheceu (`agrupamento`). Filtros: período (dataInicio, dataFim; padrão o mês corrente), query (nome, e-mail, CPF/CNPJ ou telefone, sem acentos e maiúsculas), comoConheceu (a resposta exata, ou "Não informado"). Ordem: data do cadastro, depois nome.',
  criterio: CRITERIO_NOVOS_CLIENTES,
  colunas: [
    { titulo: 'Cliente', tipo: 'texto', valor: (l) => l.nome },
    { titulo: 'Cadastrado em', tipo: 'data', valor: (l) => l.cadastradoEm, larguraPdf: 62 },
    { titulo: 'Telefone', tipo: 'texto', valor: (l) => formatTelefone(l.telefone) || null, larguraPdf: 80 },
    // The totals of customers ride in a text column (the others are typed: dates, money).
    { titulo: 'Como conheceu', tipo: 'texto', valor: (l) => l.comoConheceu, total: resumoDosTotais, larguraPdf: 150 },
    { titulo: 'Primeira compra', tipo: 'data', valor: (l) => l.primeiraCompraEm, larguraPdf: 66 },
    { titulo: 'Valor da primeira compra', tipo: 'dinheiro', valor: (l) => l.primeiraCompraValor, larguraPdf: 80 },
    {
      titulo: 'Total comprado no período',
      tipo: 'dinheiro',
      valor: (l) => l.totalComprado,
      total: (t) => t.totalComprado,
      larguraPdf: 80,
    },
  ],
  descreverFiltros: (_ctx, filtros) => Promise.resolve(filtros.comoConheceu ? [`Como conheceu: ${filtros.comoConheceu}`] : []),
  consultar: async (ctx, filtros, pagina) => {
    const periodo = ctx.periodo!;
    const tz = ctx.unidade.timeZone;
    const { inicio, fim } = instantesDoPeriodo(periodo, tz);
    const origem = sql`coalesce(nullif(btrim(p.como_conheceu), ''), ${COMO_CONHECEU_NAO_INFORMADO})`;
    const condicoes: SQL[] = [sql`p.created_at >= ${inicio}`, sql`p.created_at < ${fim}`];
    if (filtros.comoConheceu) condicoes.push(sql`${origem} = ${filtros.comoConheceu}`);
    const texto = filtros.query?.trim();
    if (texto) {
      const digitos = texto.replace(/\D/g, '');
      const busca = [containsText(sql`p.nome`, texto), containsText(sql`p.email`, texto)];
      if (digitos.length >= 3)
        busca.push(
          sql`p.cpf_cnpj like ${`%${digitos}%`}`,
          sql`regexp_replace(p.telefones::text, '\\D', '', 'g') like ${`%${digitos}%`}`,
        );
      condicoes.push(sql`(${sql.join(busca, sql` or `)})`);
    }
    const passo = diasDoPeriodo(periodo.dataInicio, periodo.dataFim) <= MAX_DIAS_GRAFICO_DIARIO ? 1 : 7;
    const limite = pagina ? sql`limit ${pagina.limit} offset ${pagina.offset}` : sql`limit ${MAX_EXPORT_ROWS}`;
    const dataInicio = sql`${periodo.dataInicio}::date`;
    const dataFim = sql`${periodo.dataFim}::date`;

    const [linha] = await queryRows<LinhaSql>(
      ctx.tx,
      sql`with novos as (
            select p.id, p.nome, p.created_at, ${origem} as origem,
                   (p.created_at at time zone ${tz})::date as dia,
                   nullif(p.telefones -> 0 ->> 'numero', '') as telefone
              from pessoas p
             where ${sql.join(condicoes, sql` and `)}
          ),
          primeiras as (
            select distinct on (v.cliente_id) v.cliente_id, v.data_finalizacao, v.valor_liquido
              from vendas v
             where v.cliente_id in (select id from novos)
               and v.unidade_negocio_id = ${currentUnidadeNegocioId}
               and v.status = 'Finalizada' and v.tipo = 'Venda'
             order by v.cliente_id, v.data_finalizacao, v.numero
          ),
          vendido as (${vendasLiquidasSql(periodo, tz)}),
          compras as (
            select cliente_id, round(sum(receita), 2) as total
              from vendido
             where cliente_id in (select id from novos)
             group by cliente_id
          ),
          linhas as (
            select n.*, pc.data_finalizacao as primeira_em, pc.valor_liquido as primeira_valor,
                   coalesce(c.total, 0) as total_comprado
              from novos n
              left join primeiras pc on pc.cliente_id = n.id
              left join compras c on c.cliente_id = n.id
          ),
          pagina as (select * from linhas order by created_at, nome, id ${limite}),
          baldes as (
            select (${dataInicio} + ((dia - ${dataInicio}) / ${passo}::int) * ${passo}::int) as inicio, origem, count(*)::int as clientes
              from novos group by 1, 2
          )
          select
            (select coalesce(json_agg(json_build_object(
                      'pessoaId', id, 'nome', nome, 'cadastradoEm', dia::text, 'comoConheceu', origem,
                      'telefone', telefone,
                      'primeiraCompraEm', to_char((primeira_em at time zone ${tz})::date, 'YYYY-MM-DD'),
                      'primeiraCompraValor', primeira_valor, 'totalComprado', total_comprado)
                    order by created_at, nome, id), '[]'::json)
               from pagina) as items,
            (select count(*)::int from linhas) as total,
            (select json_build_object('clientes', count(*), 'comCompra', count(primeira_em),
                    'totalComprado', coalesce(sum(total_comprado), 0))
               from linhas) as totais,
            (select coalesce(json_agg(json_build_object('comoConheceu', origem, 'clientes', clientes, 'comCompra', com_compra)
                    order by clientes desc, origem), '[]'::json)
               from (select origem, count(*)::int as clientes, count(primeira_em)::int as com_compra
                       from linhas group by origem) o) as origens,
            (select json_agg(json_build_object(
                      'inicio', s.inicio::date::text,
                      'fim', least(s.inicio::date + ${passo - 1}::int, ${dataFim})::text,
                      'clientes', coalesce((select sum(b.clientes) from baldes b where b.inicio = s.inicio::date), 0),
                      'porOrigem', coalesce((select json_object_agg(b.origem, b.clientes) from baldes b where b.inicio = s.inicio::date), '{}'::json))
                    order by s.inicio)
               from generate_series(${dataInicio}, ${dataFim}, make_interval(days => ${passo}::int)) as s(inicio)) as grafico`,
    );

    const t = linha?.totais ?? { clientes: 0, comCompra: 0, totalComprado: 0 };
    const clientes = Number(t.clientes);
    const comCompra = Number(t.comCompra);
    return {
      items: (linha?.items ?? []).map((l) => ({
        ...l,
        primeiraCompraValor: l.primeiraCompraValor === null ? null : dinheiro(l.primeiraCompraValor),
        totalComprado: dinheiro(l.totalComprado),
      })),
      total: linha?.total ?? 0,
      totais: {
        clientes,
        comCompra,
        conversao: clientes === 0 ? null : Math.round((comCompra * 10_000) / clientes) / 100,
        totalComprado: dinheiro(t.totalComprado),
      },
      agrupamento: passo === 1 ? 'dia' : 'semana',
      origens: linha?.origens ?? [],
      grafico: (linha?.grafico ?? []).map((g) => ({ ...g, clientes: Number(g.clientes) })),
    };
  },
};
