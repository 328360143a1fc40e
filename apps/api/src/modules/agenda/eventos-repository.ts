/**
 * The calendar feed (issue #17 item 4; spec §7 "Agenda"): the selected unit's appointments in a
 * range of days of the unit's calendar, and the resources the calendar draws columns for.
 *
 * Built for the calendar's refresh (bench/carga-agenda.ts; target p95 < 50 ms for a week, about
 * 500 appointments, at 20 concurrent clients). A week's answer is about 250 kB of JSON: parsing
 * 500 rows of 16 columns, mapping them, validating them with zod and serialising them again cost
 * the server about 9 ms of CPU per call, more than PostgreSQL spends on the query. So the answer
 * is built by PostgreSQL as JSON text (`json_agg(json_build_object(…))::text`) and sent as it is:
 * ONE statement (events, boxes, rooms, professionals and whether a unit is selected, as scalar
 * subqueries) whose text is built once per process and prepared once per connection
 * (db/pg-client.ts), optional filters as `($n is null or col = $n)`. The keys and values are those
 * of `eventosSchema` (@petshop/shared/agenda); agenda-eventos.test.ts parses the answer with it.
 *
 * Events walk index atendimentos_unidade_inicio_idx on [first day − 1 day, last day + 1).
 */
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AreaAtendimento, StatusAtendimento } from '@petshop/shared/agenda';
import { PERMISSOES, type Permissao } from '@petshop/shared/permissoes';
import type { Db } from '../../db/client.ts';
import { executeText } from '../../db/prepared-select.ts';
import {
  atendimentos,
  boxes,
  perfis,
  pessoas,
  pets,
  salas,
  tiposAtendimento,
  unidadesNegocio,
  usuarioUnidades,
  usuarios,
  vendas,
} from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest } from '../../lib/errors.ts';
import { statusFinanceiroSql } from './venda-atendimento.ts';

/** What GET /api/agenda/eventos filters by (dates 'yyyy-MM-dd', inclusive, already validated). */
export type EventosFiltro = {
  dataInicio: string;
  dataFim: string;
  area?: AreaAtendimento | undefined;
  status?: StatusAtendimento[] | undefined;
  boxId?: string | undefined;
  salaId?: string | undefined;
  responsavelId?: string | undefined;
};

const ph = (name: string) => sql.placeholder(name);
/** The selected unit's time zone: an uncorrelated subquery, computed once per statement. */
const timeZone = sql`(select ${unidadesNegocio.timeZone} from ${unidadesNegocio} where ${unidadesNegocio.id} = ${currentUnidadeNegocioId})`;
/** Local midnight of a 'yyyy-MM-dd' (plus `dias`) of the unit as an instant. */
const meiaNoite = (name: string, dias: number): SQL =>
  sql`((${ph(name)}::date + ${sql.raw(String(dias))})::timestamp at time zone ${timeZone})`;
const local = (column: AnyPgColumn) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`;
const opcional = (column: AnyPgColumn, name: string, type: string): SQL =>
  sql`(${ph(name)}::${sql.raw(type)} is null or ${column} = ${ph(name)}::${sql.raw(type)})`;
/** A JSON array text of `objeto` over `from`, '[]' when empty. */
const jsonArray = (objeto: SQL, orderBy: SQL, from: SQL): SQL =>
  sql`(select coalesce(json_agg(${objeto} order by ${orderBy}), '[]')::text ${from})`;
const porNome = (column: AnyPgColumn) => sql`f_busca(${column}) collate "C", ${column}`;

/**
 * Appointments of the selected unit whose [inicio, fim) intersects [dataInicio 00:00, dataFim + 1
 * 00:00) of the unit's time zone, ordered by start. The index range starts one day before the
 * first day: an appointment is a slot of one working day (types last 5 min to 12 h), so one
 * that started more than a day before the range cannot reach into it.
 */
const eventosJson = jsonArray(
  sql`json_build_object(
    'id', ${atendimentos.id},
    'titulo', ${pets.nome} || ' (' || ${pessoas.nome} || ') · ' || ${tiposAtendimento.nome},
    'inicio', ${local(atendimentos.inicio)},
    'fim', ${local(atendimentos.fim)},
    'cor', ${tiposAtendimento.cor},
    'area', ${tiposAtendimento.area},
    'status', ${atendimentos.status},
    'atividade', ${atendimentos.atividade},
    'prioridade', ${atendimentos.prioridade},
    'statusFinanceiro', ${statusFinanceiroSql},
    'petNome', ${pets.nome},
    'clienteNome', ${pessoas.nome},
    'tipoNome', ${tiposAtendimento.nome},
    'responsavelId', ${atendimentos.responsavelId},
    'salaId', ${atendimentos.salaId},
    'boxId', ${atendimentos.boxId},
    'respostaConfirmacao', ${atendimentos.respostaConfirmacao})`,
  sql`${atendimentos.inicio}, ${atendimentos.id}`,
  sql`from ${atendimentos}
    join ${pets} on ${pets.id} = ${atendimentos.petId}
    join ${pessoas} on ${pessoas.id} = ${atendimentos.clienteId}
    join ${tiposAtendimento} on ${tiposAtendimento.id} = ${atendimentos.tipoAtendimentoId}
    left join ${vendas} on ${vendas.id} = ${atendimentos.vendaId}
    where ${atendimentos.unidadeNegocioId} = ${currentUnidadeNegocioId}
      and ${atendimentos.inicio} >= ${meiaNoite('dataInicio', -1)}
      and ${atendimentos.inicio} < ${meiaNoite('dataFim', 1)}
      and ${atendimentos.fim} > ${meiaNoite('dataInicio', 0)}
      and ${opcional(tiposAtendimento.area, 'area', 'text')}
      and (${ph('status')}::text[] is null or ${atendimentos.status} = any(${ph('status')}::text[]))
      and ${opcional(atendimentos.boxId, 'boxId', 'uuid')}
      and ${opcional(atendimentos.salaId, 'salaId', 'uuid')}
      and ${opcional(atendimentos.responsavelId, 'responsavelId', 'uuid')}`,
);

/** Active rooms or boxes of the selected unit by name (boxes only when `comBoxes`). */
const recursosJson = (table: typeof salas | typeof boxes, condicao: SQL = sql`true`) =>
  jsonArray(
    sql`json_build_object('id', ${table.id}, 'nome', ${table.nome}, 'ativo', ${table.ativo})`,
    porNome(table.nome),
    sql`from ${table} where ${table.unidadeNegocioId} = ${currentUnidadeNegocioId} and ${table.ativo} and ${condicao}`,
  );

/** Active users with a profile in the selected unit holding one of `permissoes` (text[]), by name. */
const profissionaisJson = jsonArray(
  sql`json_build_object('id', ${usuarios.id}, 'nome', ${usuarios.nome}, 'perfilId', ${usuarioUnidades.perfilId})`,
  porNome(usuarios.nome),
  sql`from ${usuarioUnidades}
    join ${usuarios} on ${usuarios.id} = ${usuarioUnidades.usuarioId}
    join ${perfis} on ${perfis.id} = ${usuarioUnidades.perfilId}
    where ${usuarioUnidades.unidadeNegocioId} = ${currentUnidadeNegocioId}
      and ${usuarios.ativo}
      and ${perfis.permissoes} && ${ph('permissoes')}::text[]`,
);

const consulta = new PgDialect().sqlToQuery(sql`select
  ${timeZone} is not null as "temUnidade",
  ${eventosJson} as "eventos",
  ${recursosJson(boxes, sql`${ph('comBoxes')}::boolean`)} as "boxes",
  ${recursosJson(salas)} as "salas",
  ${profissionaisJson} as "profissionais"`);

/** Who the agenda shows as professionals: whoever works appointments (Clínica: the vets). */
const PERMISSOES_PROFISSIONAL: Record<'todas' | 'clinica', Permissao[]> = {
  todas: [PERMISSOES.agenda, PERMISSOES.banhoTosa, PERMISSOES.clinica],
  clinica: [PERMISSOES.clinica],
};

type Linha = { temUnidade: boolean; eventos: string; boxes: string; salas: string; profissionais: string };

/**
 * GET /api/agenda/eventos and /eventos/clinica, as the JSON text of `eventosSchema`: the events
 * (titulo "Rex (Maria Silva) · Banho", local inicio/fim 'yyyy-MM-ddTHH:mm', statusFinanceiro of
 * venda-atendimento.ts) and the resources: the unit's active boxes and rooms by name and its
 * professionals (active users whose profile in the unit holds agenda, banhoTosa or clinica).
 * `clinica`: area fixed to Clinica, no boxes, professionals holding clinica. 400 without a
 * selected unit.
 */
export const listEventosJson = async (tx: Db, filtro: EventosFiltro, opcoes: { clinica?: boolean } = {}): Promise<string> => {
  const clinica = opcoes.clinica === true;
  const params = fillPlaceholders(consulta.params, {
    dataInicio: filtro.dataInicio,
    dataFim: filtro.dataFim,
    area: clinica ? 'Clinica' : (filtro.area ?? null),
    status: filtro.status && filtro.status.length > 0 ? filtro.status : null,
    boxId: filtro.boxId ?? null,
    salaId: filtro.salaId ?? null,
    responsavelId: filtro.responsavelId ?? null,
    comBoxes: !clinica,
    permissoes: PERMISSOES_PROFISSIONAL[clinica ? 'clinica' : 'todas'],
  });
  const [linha] = await executeText<Linha>(tx, consulta.sql, params);
  if (!linha?.temUnidade) throw badRequest('Selecione uma unidade de negócio');
  return `{"eventos":${linha.eventos},"recursos":{"boxes":${linha.boxes},"salas":${linha.salas},"profissionais":${linha.profissionais}}}`;
};
