/**
 * GET /api/relatorios/banho-tosa-por-dia (issue #20; spec §2 /relatorios/banho-tosa-por-periodo,
 * §7 "Reports"): the unit's bath-and-grooming appointments per day of the period
 * (@petshop/shared/relatorios-banho-tosa, CRITERIO_BANHO_TOSA).
 *
 * One statement: the appointments of the period (index atendimentos_unidade_inicio_idx) grouped
 * per day; the page of days, their count, the totals, the breakdown by type and the chart's
 * points are all read from the same CTEs.
 */
import { sql, type SQL } from 'drizzle-orm';
import { STATUS_ATENDIMENTO, STATUS_ATENDIMENTO_IDS } from '@petshop/shared/agenda';
import {
  banhoTosaPorDiaQuerySchema,
  banhoTosaPorDiaRespostaSchema,
  CRITERIO_BANHO_TOSA,
  type BanhoTosaDia,
  type BanhoTosaGraficoPonto,
  type BanhoTosaPorDiaQuery,
  type BanhoTosaTipo,
  type BanhoTosaTotais,
  type ContagemPorStatus,
} from '@petshop/shared/relatorios-banho-tosa';
import { queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import { atendimentosBanhoTosaSql, faturamentoAtendimentoSql, numeroOuNull } from './banho-tosa-comum.ts';
import type { ColunaRelatorio, DefinicaoRelatorio } from './relatorio.ts';

type Extra = { tipos: BanhoTosaTipo[]; grafico: BanhoTosaGraficoPonto[] };

/** json_build_object of the counts per status of the rows of `b` (a CTE with `status`). */
const porStatusJson = (agregar: (status: string) => SQL): SQL =>
  sql`json_build_object(${sql.join(
    STATUS_ATENDIMENTO_IDS.map((s) => sql`${s}::text, ${agregar(s)}`),
    sql`, `,
  )})`;

/** no-shows ÷ (appointments − cancelled) × 100, 2 decimals, null when nothing is left. */
const taxaSql = (atendimentos: SQL, cancelados: SQL, faltas: SQL): SQL =>
  sql`round(${faltas} * 100.0 / nullif(${atendimentos} - ${cancelados}, 0), 2)`;

const ATENDIDOS = sql`('EmAtendimento', 'Pronto', 'Finalizado')`;

type Linha = {
  items: (Omit<BanhoTosaDia, 'taxaNaoComparecimento'> & { taxaNaoComparecimento: unknown })[] | null;
  total: number;
  totais: (Omit<BanhoTosaTotais, 'taxaNaoComparecimento'> & { taxaNaoComparecimento: unknown }) | null;
  tipos: BanhoTosaTipo[] | null;
  grafico: BanhoTosaGraficoPonto[] | null;
};

const zeros = (): ContagemPorStatus => Object.fromEntries(STATUS_ATENDIMENTO_IDS.map((s) => [s, 0])) as ContagemPorStatus;

const colunasStatus: ColunaRelatorio<BanhoTosaDia, BanhoTosaTotais>[] = STATUS_ATENDIMENTO_IDS.map((s) => ({
  titulo: STATUS_ATENDIMENTO[s],
  tipo: 'inteiro' as const,
  valor: (l: BanhoTosaDia) => l.porStatus[s],
  total: (t: BanhoTosaTotais) => t.porStatus[s],
  larguraPdf: 'auto' as const,
}));

/** See the file's comment. */
export const banhoTosaPorDia: DefinicaoRelatorio<BanhoTosaPorDiaQuery, BanhoTosaDia, BanhoTosaTotais, Extra> = {
  id: 'banho-tosa-por-dia',
  querystring: banhoTosaPorDiaQuerySchema,
  resposta: banhoTosaPorDiaRespostaSchema,
  descricao:
    'Atendimentos de banho e tosa da unidade por dia do período (dia de início no fuso da unidade): total, por status, pets atendidos, faturamento e taxa de não comparecimento; totais do período, a divisão por tipo de atendimento (`tipos`) e os pontos do gráfico (`grafico`, todos os dias com atendimentos). Filtros: período (dataInicio, dataFim; padrão o mês corrente), query (nome do pet ou do tutor), produtoId (atendimentos com esse serviço), tipoAtendimentoId, status. Ordem: por dia, crescente; só dias com atendimentos.',
  criterio: CRITERIO_BANHO_TOSA,
  colunas: [
    { titulo: 'Dia', tipo: 'data', valor: (l) => l.data, larguraPdf: 60 },
    { titulo: 'Atendimentos', tipo: 'inteiro', valor: (l) => l.atendimentos, total: (t) => t.atendimentos, larguraPdf: 'auto' },
    ...colunasStatus,
    {
      titulo: 'Pets atendidos',
      tipo: 'inteiro',
      valor: (l) => l.petsAtendidos,
      total: (t) => t.petsAtendidos,
      larguraPdf: 'auto',
    },
    { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento, larguraPdf: 'auto' },
    {
      titulo: 'Não comparecimento (%)',
      tipo: 'percentual',
      valor: (l) => l.taxaNaoComparecimento,
      total: (t) => t.taxaNaoComparecimento,
      larguraPdf: 'auto',
    },
  ],
  descreverFiltros: async (ctx, filtros) => {
    const impressos: string[] = [];
    if (filtros.tipoAtendimentoId) {
      const [tipo] = await queryRows<{ nome: string }>(
        ctx.tx,
        sql`select nome from tipos_atendimento where id = ${filtros.tipoAtendimentoId}`,
      );
      impressos.push(`Tipo de atendimento: ${tipo?.nome ?? '—'}`);
    }
    if (filtros.produtoId) {
      const [produto] = await queryRows<{ nome: string }>(ctx.tx, sql`select nome from produtos where id = ${filtros.produtoId}`);
      impressos.push(`Serviço: ${produto?.nome ?? '—'}`);
    }
    if (filtros.status) impressos.push(`Status: ${STATUS_ATENDIMENTO[filtros.status]}`);
    return impressos;
  },
  consultar: async (ctx, filtros, pagina) => {
    const periodo = ctx.periodo!;
    const tz = ctx.unidade.timeZone;
    const condicoes: SQL[] = [atendimentosBanhoTosaSql(ctx.unidade.id, periodo, tz)];
    if (filtros.tipoAtendimentoId) condicoes.push(sql`a.tipo_atendimento_id = ${filtros.tipoAtendimentoId}`);
    if (filtros.status) condicoes.push(sql`a.status = ${filtros.status}`);
    if (filtros.produtoId)
      condicoes.push(
        sql`exists (select 1 from atendimento_servicos s where s.atendimento_id = a.id and s.produto_id = ${filtros.produtoId})`,
      );
    const texto = filtros.query?.trim();
    if (texto)
      condicoes.push(
        sql`(${containsText(sql`(select p.nome from pets p where p.id = a.pet_id)`, texto)}
             or ${containsText(sql`(select c.nome from pessoas c where c.id = a.cliente_id)`, texto)})`,
      );
    const limite = pagina ? sql`limit ${pagina.limit} offset ${pagina.offset}` : sql`limit ${MAX_EXPORT_ROWS}`;

    const [linha] = await queryRows<Linha>(
      ctx.tx,
      sql`with base as (
            select a.id, a.pet_id, a.status, a.tipo_atendimento_id,
                   (a.inicio at time zone ${tz})::date as dia,
                   (${faturamentoAtendimentoSql})::numeric as faturamento
              from atendimentos a
              join tipos_atendimento ta on ta.id = a.tipo_atendimento_id
              left join vendas v on v.id = a.venda_id
             where ${sql.join(condicoes, sql` and `)}
          ),
          dias as (
            select dia, count(*)::int as atendimentos,
                   ${porStatusJson((s) => sql`count(*) filter (where status = ${s})`)} as por_status,
                   count(distinct pet_id) filter (where status in ${ATENDIDOS})::int as pets,
                   sum(faturamento) as faturamento,
                   ${taxaSql(
                     sql`count(*)`,
                     sql`count(*) filter (where status = 'Cancelado')`,
                     sql`count(*) filter (where status = 'NaoCompareceu')`,
                   )} as taxa
              from base group by dia
          ),
          pagina as (select * from dias order by dia ${limite})
          select
            (select json_agg(json_build_object('data', dia::text, 'atendimentos', atendimentos, 'porStatus', por_status,
                    'petsAtendidos', pets, 'faturamento', faturamento, 'taxaNaoComparecimento', taxa) order by dia)
               from pagina) as items,
            (select count(*)::int from dias) as total,
            (select json_build_object('dias', count(distinct dia), 'atendimentos', count(*),
                    'porStatus', ${porStatusJson((s) => sql`count(*) filter (where status = ${s})`)},
                    'petsAtendidos', count(distinct pet_id) filter (where status in ${ATENDIDOS}),
                    'faturamento', coalesce(sum(faturamento), 0),
                    'taxaNaoComparecimento', ${taxaSql(
                      sql`count(*)`,
                      sql`count(*) filter (where status = 'Cancelado')`,
                      sql`count(*) filter (where status = 'NaoCompareceu')`,
                    )})
               from base) as totais,
            (select json_agg(json_build_object('tipoAtendimentoId', t.id, 'nome', t.nome, 'cor', t.cor,
                    'atendimentos', t.atendimentos, 'faturamento', t.faturamento) order by t.atendimentos desc, t.nome)
               from (select ta.id, ta.nome, ta.cor, count(*)::int as atendimentos, sum(b.faturamento) as faturamento
                       from base b join tipos_atendimento ta on ta.id = b.tipo_atendimento_id
                      group by ta.id, ta.nome, ta.cor) t) as tipos,
            (select json_agg(json_build_object('data', dia::text, 'porStatus', por_status, 'faturamento', faturamento) order by dia)
               from dias) as grafico`,
    );

    const dinheiro = (v: unknown) => Number(Number(v ?? 0).toFixed(2));
    const items = (linha?.items ?? []).map((d) => ({
      ...d,
      faturamento: dinheiro(d.faturamento),
      taxaNaoComparecimento: numeroOuNull(d.taxaNaoComparecimento),
    }));
    const t = linha?.totais;
    const totais: BanhoTosaTotais = t
      ? { ...t, faturamento: dinheiro(t.faturamento), taxaNaoComparecimento: numeroOuNull(t.taxaNaoComparecimento) }
      : { dias: 0, atendimentos: 0, porStatus: zeros(), petsAtendidos: 0, faturamento: 0, taxaNaoComparecimento: null };
    return {
      items,
      total: linha?.total ?? 0,
      totais,
      tipos: (linha?.tipos ?? []).map((x) => ({ ...x, faturamento: dinheiro(x.faturamento) })),
      grafico: (linha?.grafico ?? []).map((x) => ({ ...x, faturamento: dinheiro(x.faturamento) })),
    };
  },
};
