/**
 * The calendar feed (issue #17 item 4; spec §7 "Agenda"): the selected unit's appointments in a
 * range of days of the unit's calendar, and the resources the calendar draws columns for.
 *
 * Built for the calendar's refresh (bench case `agenda`, target p95 < 50 ms for a week): every
 * statement is a `preparedSelect` (text built once per process, prepared once per connection)
 * with the optional filters as `($x is null or col = $x)`, and the four statements (events,
 * boxes, rooms, professionals) go together (`runTogether`: one round trip on PostgreSQL).
 * Events walk index atendimentos_unidade_inicio_idx on [first day − 1 day, last day + 1).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AreaAtendimento,
  Atividade,
  Evento,
  Eventos,
  Prioridade,
  StatusAtendimento,
  StatusFinanceiro,
} from '@petshop/shared/agenda';
import { PERMISSOES, type Permissao } from '@petshop/shared/permissoes';
import type { Db } from '../../db/client.ts';
import { preparedSelect } from '../../db/prepared-select.ts';
import { runTogether } from '../../db/run-together.ts';
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
const local = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`;
const opcional = (column: AnyPgColumn, name: string, type: string): SQL =>
  sql`(${ph(name)}::${sql.raw(type)} is null or ${column} = ${ph(name)}::${sql.raw(type)})`;

/**
 * Appointments of the selected unit whose [inicio, fim) intersects [dataInicio 00:00, dataFim + 1
 * 00:00) of the unit's time zone, ordered by start. The index range starts one day before the
 * first day: an appointment is a slot of one working day (types last 5 min to 12 h), so one
 * that started more than a day before the range cannot reach into it.
 */
const eventosQuery = preparedSelect((qb) =>
  qb
    .select({
      id: atendimentos.id,
      petNome: pets.nome,
      clienteNome: pessoas.nome,
      tipoNome: tiposAtendimento.nome,
      cor: tiposAtendimento.cor,
      area: tiposAtendimento.area,
      status: atendimentos.status,
      atividade: atendimentos.atividade,
      prioridade: atendimentos.prioridade,
      statusFinanceiro: statusFinanceiroSql,
      inicio: local(atendimentos.inicio),
      fim: local(atendimentos.fim),
      responsavelId: atendimentos.responsavelId,
      salaId: atendimentos.salaId,
      boxId: atendimentos.boxId,
    })
    .from(atendimentos)
    .innerJoin(pets, eq(pets.id, atendimentos.petId))
    .innerJoin(pessoas, eq(pessoas.id, atendimentos.clienteId))
    .innerJoin(tiposAtendimento, eq(tiposAtendimento.id, atendimentos.tipoAtendimentoId))
    .leftJoin(vendas, eq(vendas.id, atendimentos.vendaId))
    .where(
      and(
        sql`${atendimentos.unidadeNegocioId} = ${currentUnidadeNegocioId}`,
        sql`${atendimentos.inicio} >= ${meiaNoite('dataInicio', -1)}`,
        sql`${atendimentos.inicio} < ${meiaNoite('dataFim', 1)}`,
        sql`${atendimentos.fim} > ${meiaNoite('dataInicio', 0)}`,
        opcional(tiposAtendimento.area, 'area', 'text'),
        sql`(${ph('status')}::text[] is null or ${atendimentos.status} = any(${ph('status')}::text[]))`,
        opcional(atendimentos.boxId, 'boxId', 'uuid'),
        opcional(atendimentos.salaId, 'salaId', 'uuid'),
        opcional(atendimentos.responsavelId, 'responsavelId', 'uuid'),
      ),
    )
    .orderBy(asc(atendimentos.inicio), asc(atendimentos.id)),
);

const recursoQuery = (table: typeof salas | typeof boxes) =>
  preparedSelect((qb) =>
    qb
      .select({ id: table.id, nome: table.nome, ativo: table.ativo })
      .from(table)
      .where(and(sql`${table.unidadeNegocioId} = ${currentUnidadeNegocioId}`, eq(table.ativo, true)))
      .orderBy(sql`f_busca(${table.nome}) collate "C"`, asc(table.nome)),
  );
const boxesQuery = recursoQuery(boxes);
const salasQuery = recursoQuery(salas);

/** Active users with a profile in the selected unit holding one of `permissoes` (text[]), by name. */
const profissionaisQuery = preparedSelect((qb) =>
  qb
    .select({ id: usuarios.id, nome: usuarios.nome, perfilId: usuarioUnidades.perfilId })
    .from(usuarioUnidades)
    .innerJoin(usuarios, eq(usuarios.id, usuarioUnidades.usuarioId))
    .innerJoin(perfis, eq(perfis.id, usuarioUnidades.perfilId))
    .where(
      and(
        sql`${usuarioUnidades.unidadeNegocioId} = ${currentUnidadeNegocioId}`,
        eq(usuarios.ativo, true),
        sql`${perfis.permissoes} && ${ph('permissoes')}::text[]`,
      ),
    )
    .orderBy(sql`f_busca(${usuarios.nome}) collate "C"`, asc(usuarios.nome)),
);

/** Who the agenda shows as professionals: whoever works appointments (Clínica: the vets). */
const PERMISSOES_PROFISSIONAL: Record<'todas' | 'clinica', Permissao[]> = {
  todas: [PERMISSOES.agenda, PERMISSOES.banhoTosa, PERMISSOES.clinica],
  clinica: [PERMISSOES.clinica],
};

/**
 * GET /api/agenda/eventos and /eventos/clinica: the events (titulo "Rex (Maria Silva) · Banho",
 * local inicio/fim 'yyyy-MM-ddTHH:mm', statusFinanceiro of venda-atendimento.ts) and the
 * resources: the unit's active boxes and rooms by name and its professionals (active users whose
 * profile in the unit holds agenda, banhoTosa or clinica). `clinica`: area fixed to Clinica, no
 * boxes, professionals holding clinica.
 */
export const listEventos = async (tx: Db, filtro: EventosFiltro, opcoes: { clinica?: boolean } = {}): Promise<Eventos> => {
  const clinica = opcoes.clinica === true;
  const [rows, boxRows, salaRows, profissionais] = await runTogether(
    eventosQuery(tx, {
      dataInicio: filtro.dataInicio,
      dataFim: filtro.dataFim,
      area: clinica ? 'Clinica' : (filtro.area ?? null),
      status: filtro.status && filtro.status.length > 0 ? filtro.status : null,
      boxId: filtro.boxId ?? null,
      salaId: filtro.salaId ?? null,
      responsavelId: filtro.responsavelId ?? null,
    }),
    clinica ? Promise.resolve([]) : boxesQuery(tx, {}),
    salasQuery(tx, {}),
    profissionaisQuery(tx, { permissoes: PERMISSOES_PROFISSIONAL[clinica ? 'clinica' : 'todas'] }),
  );
  const eventos: Evento[] = rows.map((r) => ({
    id: r.id,
    titulo: `${r.petNome} (${r.clienteNome}) · ${r.tipoNome}`,
    inicio: r.inicio,
    fim: r.fim,
    cor: r.cor,
    area: r.area as AreaAtendimento,
    status: r.status as StatusAtendimento,
    atividade: r.atividade as Atividade,
    prioridade: r.prioridade as Prioridade,
    statusFinanceiro: r.statusFinanceiro as StatusFinanceiro,
    petNome: r.petNome,
    clienteNome: r.clienteNome,
    tipoNome: r.tipoNome,
    responsavelId: r.responsavelId,
    salaId: r.salaId,
    boxId: r.boxId,
  }));
  return { eventos, recursos: { boxes: boxRows, salas: salaRows, profissionais } };
};
