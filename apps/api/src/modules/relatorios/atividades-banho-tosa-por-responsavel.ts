/**
 * GET /api/relatorios/atividades-banho-tosa-por-responsavel (issue #20; spec §2, §7 "Reports"): the
 * unit's bath-and-grooming appointments of the period per professional (the appointment's
 * responsible user), with the time in each stage of the grooming board
 * (@petshop/shared/relatorios-banho-tosa, CRITERIO_ATIVIDADES_BANHO_TOSA).
 *
 * Stage time: the activity's history (atendimento_historico, campo 'atividade', written by
 * PUT /agenda/atendimentos/{id}/atividade and by the status Pronto) in order of `em`; a row
 * entering Banho, Secagem or Tosa lasts until the appointment's next activity row; the last one,
 * still open, is not counted. Per appointment the minutes of each stage are summed (a pet that
 * went back to Banho counts both times), then averaged over the appointments that went through
 * the stage.
 *
 * One statement: the appointments (index atendimentos_unidade_inicio_idx), their history rows
 * (index atendimento_historico_atendimento_idx), grouped per professional; the page, the count,
 * the totals, the chart and the breakdown by type come from the same CTEs.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  atividadesBanhoTosaQuerySchema,
  atividadesBanhoTosaRespostaSchema,
  CRITERIO_ATIVIDADES_BANHO_TOSA,
  ETAPAS_BANHO_TOSA,
  type AtividadeResponsavel,
  type AtividadesBanhoTosaQuery,
  type AtividadesTotais,
} from '@petshop/shared/relatorios-banho-tosa';
import { queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { MAX_EXPORT_ROWS } from '../../lib/spreadsheet-export.ts';
import { atendimentosBanhoTosaSql, faturamentoAtendimentoSql, numeroOuNull } from './banho-tosa-comum.ts';
import type { DefinicaoRelatorio } from './relatorio.ts';

type Grafico = { nome: string; faturamento: number; pets: number };
type PorTipo = { responsavelId: string | null; tipoAtendimentoId: string; nome: string; atendimentos: number };
type Extra = { grafico: Grafico[]; porTipo: PorTipo[] };

type Bruta = Record<string, unknown> & { minutosPorEtapa: Record<string, unknown> };
type Linha = { items: Bruta[] | null; total: number; totais: Bruta | null; grafico: Grafico[] | null; porTipo: PorTipo[] | null };

/** The aggregates of a group of `b` (appointments) and `e` (their stage minutes per appointment). */
const agregadosSql = sql`count(*)::int as atendimentos,
  count(*) filter (where b.status in ('Pronto', 'Finalizado'))::int as concluidos,
  count(distinct b.pet_id)::int as pets,
  coalesce(sum(b.servicos) filter (where b.status in ('Pronto', 'Finalizado')), 0)::int as servicos,
  coalesce(sum(b.faturamento), 0) as faturamento,
  count(*) filter (where b.faturamento > 0)::int as faturados,
  ${sql.join(
    ETAPAS_BANHO_TOSA.map(
      (e) => sql`round(avg(b.${sql.raw(`min_${e.toLowerCase()}`)}), 1) as ${sql.raw(`min_${e.toLowerCase()}`)}`,
    ),
    sql`, `,
  )},
  round(coalesce(sum(b.min_total), 0) / 60.0, 2) as horas`;

/** A group's aggregates as the JSON of a row (AtividadeResponsavel without id and name). */
const jsonAgregados = (g: string): SQL =>
  sql.raw(`'atendimentos', ${g}.atendimentos, 'concluidos', ${g}.concluidos, 'pets', ${g}.pets, 'servicos', ${g}.servicos,
    'faturamento', ${g}.faturamento, 'atendimentosFaturados', ${g}.faturados, 'horas', ${g}.horas,
    'ticketMedio', round(${g}.faturamento / nullif(${g}.faturados, 0), 2),
    'minutosPorEtapa', json_build_object('Banho', ${g}.min_banho, 'Secagem', ${g}.min_secagem, 'Tosa', ${g}.min_tosa)`);

const dinheiro = (v: unknown) => Number(Number(v ?? 0).toFixed(2));

const normalizar = (b: Bruta) => ({
  atendimentos: Number(b.atendimentos ?? 0),
  concluidos: Number(b.concluidos ?? 0),
  pets: Number(b.pets ?? 0),
  servicos: Number(b.servicos ?? 0),
  minutosPorEtapa: {
    Banho: numeroOuNull(b.minutosPorEtapa.Banho),
    Secagem: numeroOuNull(b.minutosPorEtapa.Secagem),
    Tosa: numeroOuNull(b.minutosPorEtapa.Tosa),
  },
  horas: Number(b.horas ?? 0),
  faturamento: dinheiro(b.faturamento),
  atendimentosFaturados: Number(b.atendimentosFaturados ?? 0),
  ticketMedio: numeroOuNull(b.ticketMedio),
});

/** Minutes as the sheet shows them (one decimal). */
const minutos = (etapa: (typeof ETAPAS_BANHO_TOSA)[number]) => ({
  titulo: `Min. ${etapa.toLowerCase()} (média)`,
  tipo: 'quantidade' as const,
  valor: (l: AtividadeResponsavel) => l.minutosPorEtapa[etapa],
  total: (t: AtividadesTotais) => t.minutosPorEtapa[etapa],
  larguraPdf: 'auto' as const,
});

/** See the file's comment. */
export const atividadesBanhoTosaPorResponsavel: DefinicaoRelatorio<
  AtividadesBanhoTosaQuery,
  AtividadeResponsavel,
  AtividadesTotais,
  Extra
> = {
  id: 'atividades-banho-tosa-por-responsavel',
  querystring: atividadesBanhoTosaQuerySchema,
  resposta: atividadesBanhoTosaRespostaSchema,
  descricao:
    'Por profissional (o responsável do atendimento; "Sem responsável" quando não há): atendimentos de banho e tosa do período (início no fuso da unidade; sem cancelados e não comparecimentos), concluídos (pronto ou finalizado), pets distintos, serviços dos concluídos, minutos médios em cada etapa do quadro (Banho, Secagem, Tosa), horas medidas nas etapas, faturamento, atendimentos faturados e ticket médio; totais do período, o gráfico (`grafico`: faturamento e pets de cada profissional) e os concluídos por tipo (`porTipo`). Filtros: período (padrão o mês corrente) e query (nome do profissional). Ordem: faturamento decrescente, depois nome.',
  criterio: CRITERIO_ATIVIDADES_BANHO_TOSA,
  colunas: [
    { titulo: 'Profissional', valor: (l) => l.nome },
    { titulo: 'Atendimentos', tipo: 'inteiro', valor: (l) => l.atendimentos, total: (t) => t.atendimentos, larguraPdf: 'auto' },
    { titulo: 'Concluídos', tipo: 'inteiro', valor: (l) => l.concluidos, total: (t) => t.concluidos, larguraPdf: 'auto' },
    { titulo: 'Pets', tipo: 'inteiro', valor: (l) => l.pets, total: (t) => t.pets, larguraPdf: 'auto' },
    { titulo: 'Serviços', tipo: 'inteiro', valor: (l) => l.servicos, total: (t) => t.servicos, larguraPdf: 'auto' },
    ...ETAPAS_BANHO_TOSA.map(minutos),
    { titulo: 'Horas', tipo: 'quantidade', valor: (l) => l.horas, total: (t) => t.horas, larguraPdf: 'auto' },
    { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento, larguraPdf: 'auto' },
    { titulo: 'Ticket médio', tipo: 'dinheiro', valor: (l) => l.ticketMedio, total: (t) => t.ticketMedio, larguraPdf: 'auto' },
  ],
  consultar: async (ctx, filtros, pagina) => {
    const periodo = ctx.periodo!;
    const tz = ctx.unidade.timeZone;
    const texto = filtros.query?.trim();
    const condicoes: SQL[] = [
      atendimentosBanhoTosaSql(ctx.unidade.id, periodo, tz),
      sql`a.status not in ('Cancelado', 'NaoCompareceu')`,
    ];
    if (texto) condicoes.push(containsText(sql`coalesce(u.nome, 'Sem responsável')`, texto));
    const limite = pagina ? sql`limit ${pagina.limit} offset ${pagina.offset}` : sql`limit ${MAX_EXPORT_ROWS}`;

    const [linha] = await queryRows<Linha>(
      ctx.tx,
      sql`with atend as (
            select a.id, a.pet_id, a.status, a.tipo_atendimento_id, a.responsavel_id,
                   coalesce(u.nome, 'Sem responsável') as nome,
                   (${faturamentoAtendimentoSql})::numeric as faturamento,
                   (select count(*) from atendimento_servicos s where s.atendimento_id = a.id)::int as servicos
              from atendimentos a
              join tipos_atendimento ta on ta.id = a.tipo_atendimento_id
              left join usuarios u on u.id = a.responsavel_id
              left join vendas v on v.id = a.venda_id
             where ${sql.join(condicoes, sql` and `)}
          ),
          movimentos as (
            select h.atendimento_id, h.para as etapa,
                   extract(epoch from lead(h.em) over (partition by h.atendimento_id order by h.em, h.id) - h.em) / 60.0 as minutos
              from atendimento_historico h
             where h.campo = 'atividade' and h.atendimento_id in (select id from atend)
          ),
          etapas as (
            select atendimento_id,
                   sum(minutos) filter (where etapa = 'Banho') as min_banho,
                   sum(minutos) filter (where etapa = 'Secagem') as min_secagem,
                   sum(minutos) filter (where etapa = 'Tosa') as min_tosa,
                   sum(minutos) filter (where etapa in ('Banho', 'Secagem', 'Tosa')) as min_total
              from movimentos
             where minutos is not null
             group by atendimento_id
          ),
          b as (
            select a.*, e.min_banho, e.min_secagem, e.min_tosa, e.min_total
              from atend a left join etapas e on e.atendimento_id = a.id
          ),
          resp as (
            select b.responsavel_id, min(b.nome) as nome, ${agregadosSql}
              from b group by b.responsavel_id
          ),
          pagina as (select * from resp order by faturamento desc, nome, responsavel_id ${limite})
          select
            (select json_agg(json_build_object('responsavelId', g.responsavel_id, 'nome', g.nome, ${jsonAgregados('g')})
                    order by g.faturamento desc, g.nome, g.responsavel_id)
               from pagina g) as items,
            (select count(*)::int from resp) as total,
            (select json_build_object('profissionais', (select count(*) from resp), ${jsonAgregados('t')})
               from (select ${agregadosSql} from b) t) as totais,
            (select json_agg(json_build_object('nome', r.nome, 'faturamento', r.faturamento, 'pets', r.pets)
                    order by r.faturamento desc, r.nome, r.responsavel_id)
               from resp r) as grafico,
            (select json_agg(json_build_object('responsavelId', x.responsavel_id, 'tipoAtendimentoId', x.id, 'nome', x.nome,
                    'atendimentos', x.atendimentos) order by x.responsavel_id, x.atendimentos desc, x.nome)
               from (select b.responsavel_id, ta.id, ta.nome, count(*)::int as atendimentos
                       from b join tipos_atendimento ta on ta.id = b.tipo_atendimento_id
                      where b.status in ('Pronto', 'Finalizado')
                      group by b.responsavel_id, ta.id, ta.nome) x) as "porTipo"`,
    );

    const items = (linha?.items ?? []).map((r) => ({
      responsavelId: (r.responsavelId as string | null) ?? null,
      nome: String(r.nome),
      ...normalizar(r),
    }));
    const totais: AtividadesTotais = linha?.totais
      ? { profissionais: Number(linha.totais.profissionais ?? 0), ...normalizar(linha.totais) }
      : {
          profissionais: 0,
          ...normalizar({ minutosPorEtapa: {} }),
        };
    return {
      items,
      total: linha?.total ?? 0,
      totais,
      grafico: (linha?.grafico ?? []).map((g) => ({ nome: g.nome, faturamento: dinheiro(g.faturamento), pets: Number(g.pets) })),
      porTipo: linha?.porTipo ?? [],
    };
  },
};
