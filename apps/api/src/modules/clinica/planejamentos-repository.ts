/**
 * Reads of a pet's planned vaccine doses (*planejamentos*, issue #19 item 2 and 7; DOMAIN.md §9)
 * and the one insert of a planned dose (`planejarDose`), shared by aplicar protocolo, registrar
 * vacina (the next dose, the booster), the chart and the vaccination card.
 *
 * Status: 'pendente' and 'aplicada' are stored; 'atrasada' is derived (`statusPlanejamentoSql`):
 * pending and due before today in the time zone of the unit that planned it. A pet's chart is
 * the tenant's (every unit reads all of a pet's doses); per-unit lists (doses due, the list
 * without a pet) filter on `unidade_negocio_id`. Each answer row carries the pet's name, its
 * principal tutor with a mobile phone (whom to remind), the vaccine's and protocol's names and the
 * date it was applied.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DosesDevidas, Planejamento, StatusPlanejamento } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { runTogether } from '../../db/run-together.ts';
import { planejamentosVacina } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { somarDias } from './datas-protocolo.ts';

/** Today ('yyyy-MM-dd' as a date) in the time zone of the planned dose's own unit. */
const hojeDaLinhaSql = sql`(select (now() at time zone u.time_zone)::date from unidades_negocio u where u.id = ${planejamentosVacina.unidadeNegocioId})`;

/**
 * SQL of a planned dose's status as read (`StatusPlanejamento`): 'atrasada' when stored
 * 'pendente' and `data_prevista` is before today, else the stored status. Today is `hoje`
 * ('yyyy-MM-dd', e.g. the scope unit's `getUnidadeAtual(tx).hoje`) when given, else today in the
 * time zone of the row's own unit (unidades_negocio.time_zone). Refers to the table as
 * `planejamentos_vacina` (no alias).
 */
export const statusPlanejamentoSql = (hoje?: string): SQL<StatusPlanejamento> =>
  sql<StatusPlanejamento>`(case when ${planejamentosVacina.status} = 'pendente' and ${planejamentosVacina.dataPrevista} < ${
    hoje === undefined ? hojeDaLinhaSql : sql`${hoje}::date`
  } then 'atrasada' else ${planejamentosVacina.status} end)`;

type PlanejamentoRow = {
  id: string;
  pet_id: string;
  pet_nome: string;
  tutor_id: string | null;
  tutor_nome: string | null;
  tutor_celular: string | null;
  vacina_id: string;
  vacina_nome: string;
  protocolo_id: string | null;
  protocolo_nome: string | null;
  aplicacao_protocolo_id: string | null;
  ordem: number | null;
  descricao: string;
  data_prevista: string;
  status: StatusPlanejamento;
  vacina_aplicada_id: string | null;
  data_aplicacao: string | null;
  unidade_negocio_id: string;
};

const toPlanejamento = (r: PlanejamentoRow): Planejamento => ({
  id: r.id,
  petId: r.pet_id,
  petNome: r.pet_nome,
  tutorId: r.tutor_id,
  tutorNome: r.tutor_nome,
  tutorCelular: r.tutor_celular,
  vacinaId: r.vacina_id,
  vacinaNome: r.vacina_nome,
  protocoloId: r.protocolo_id,
  protocoloNome: r.protocolo_nome,
  aplicacaoProtocoloId: r.aplicacao_protocolo_id,
  ordem: r.ordem === null ? null : Number(r.ordem),
  descricao: r.descricao,
  dataPrevista: r.data_prevista,
  status: r.status,
  vacinaAplicadaId: r.vacina_aplicada_id,
  dataAplicacao: r.data_aplicacao,
  unidadeNegocioId: r.unidade_negocio_id,
});

/**
 * The rows matching `where`, in `orderBy`. The tutor is the pet's principal one (else any tutor),
 * with its first mobile phone (tipo 'celular' or marked WhatsApp, a WhatsApp one first).
 */
const selectPlanejamentos = (tx: Db, where: SQL, orderBy: SQL, window: SQL = sql``, hoje?: string) =>
  queryRows<PlanejamentoRow>(
    tx,
    sql`select planejamentos_vacina.id, planejamentos_vacina.pet_id, pets.nome as pet_nome,
               tutor.id as tutor_id, tutor.nome as tutor_nome, tutor.celular as tutor_celular,
               planejamentos_vacina.vacina_id, vacinas.nome as vacina_nome,
               planejamentos_vacina.protocolo_id, protocolos_vacina.nome as protocolo_nome,
               planejamentos_vacina.aplicacao_protocolo_id, planejamentos_vacina.ordem, planejamentos_vacina.descricao,
               planejamentos_vacina.data_prevista::text as data_prevista, ${statusPlanejamentoSql(hoje)} as status,
               planejamentos_vacina.vacina_aplicada_id, vacinas_aplicadas.data_aplicacao::text as data_aplicacao,
               planejamentos_vacina.unidade_negocio_id
          from planejamentos_vacina
          join pets on pets.id = planejamentos_vacina.pet_id
          join vacinas on vacinas.id = planejamentos_vacina.vacina_id
          left join protocolos_vacina on protocolos_vacina.id = planejamentos_vacina.protocolo_id
          left join vacinas_aplicadas on vacinas_aplicadas.id = planejamentos_vacina.vacina_aplicada_id
          left join lateral (
            select pessoas.id, pessoas.nome,
                   (select tel->>'numero' from jsonb_array_elements(pessoas.telefones) tel
                     where tel->>'tipo' = 'celular' or (tel->>'whatsapp')::boolean
                     order by coalesce((tel->>'whatsapp')::boolean, false) desc limit 1) as celular
              from pet_tutores join pessoas on pessoas.id = pet_tutores.pessoa_id
             where pet_tutores.pet_id = pets.id
             order by pet_tutores.principal desc, pessoas.nome
             limit 1
          ) tutor on true
         where ${where}
         order by ${orderBy}
         ${window}`,
  );

const porData = sql`planejamentos_vacina.data_prevista, planejamentos_vacina.ordem nulls last, planejamentos_vacina.id`;

export type FiltroPlanejamentos = {
  /** One pet's doses, of every unit of the tenant (the chart is the tenant's). */
  petId?: string;
  ids?: readonly string[];
  /** Only this unit's doses (the list without a pet: the scope unit's). */
  unidadeNegocioId?: string;
  /** Derived statuses; empty or absent = all. */
  status?: readonly StatusPlanejamento[];
  /** dataPrevista from / up to ('yyyy-MM-dd', inclusive). */
  dataInicio?: string;
  dataFim?: string;
  page?: number;
  pageSize?: number;
};

const condicoes = (filtro: FiltroPlanejamentos): SQL => {
  const partes: SQL[] = [sql`true`];
  if (filtro.petId) partes.push(sql`planejamentos_vacina.pet_id = ${filtro.petId}`);
  if (filtro.ids) partes.push(sql`planejamentos_vacina.id = any(${`{${filtro.ids.join(',')}}`}::uuid[])`);
  if (filtro.unidadeNegocioId) partes.push(sql`planejamentos_vacina.unidade_negocio_id = ${filtro.unidadeNegocioId}`);
  if (filtro.status && filtro.status.length > 0)
    partes.push(sql`${statusPlanejamentoSql()} = any(${`{${filtro.status.join(',')}}`}::text[])`);
  if (filtro.dataInicio) partes.push(sql`planejamentos_vacina.data_prevista >= ${filtro.dataInicio}::date`);
  if (filtro.dataFim) partes.push(sql`planejamentos_vacina.data_prevista <= ${filtro.dataFim}::date`);
  return sql.join(partes, sql` and `);
};

/**
 * GET /api/clinica/planejamentos: a page of planned doses matching `filtro` (page 1 of 20 by
 * default), ordered by `dataPrevista` ascending. Callers pass `unidadeNegocioId` when listing
 * without a pet (the route passes the scope's unit).
 */
export const listPlanejamentos = async (tx: Db, filtro: FiltroPlanejamentos): Promise<Page<Planejamento>> => {
  const page = filtro.page ?? 1;
  const pageSize = filtro.pageSize ?? 20;
  const where = condicoes(filtro);
  const [rows, [total]] = await runTogether(
    selectPlanejamentos(tx, where, porData, sql`limit ${pageSize} offset ${(page - 1) * pageSize}`),
    queryRows<{ total: number | string }>(tx, sql`select count(*) as total from planejamentos_vacina where ${where}`),
  );
  return { items: rows.map(toPlanejamento), total: Number(total?.total ?? 0), page, pageSize };
};

/**
 * All of a pet's planned doses (every unit of the tenant): pending and overdue first by
 * dataPrevista, then the applied ones by dataPrevista. For the chart and the vaccination card.
 */
export const listPlanejamentosDoPet = async (tx: Db, petId: string): Promise<Planejamento[]> =>
  (
    await selectPlanejamentos(
      tx,
      sql`planejamentos_vacina.pet_id = ${petId}`,
      sql`(planejamentos_vacina.status = 'aplicada'), ${porData}`,
    )
  ).map(toPlanejamento);

/** The planned doses with these ids (any unit of the tenant), by dataPrevista; unknown ids are left out. */
export const listPlanejamentosPorIds = async (tx: Db, ids: readonly string[]): Promise<Planejamento[]> =>
  ids.length === 0 ? [] : (await selectPlanejamentos(tx, condicoes({ ids }), porData)).map(toPlanejamento);

/** One planned dose (any unit of the tenant) or null. */
export const findPlanejamento = async (tx: Db, id: string): Promise<Planejamento | null> =>
  (await listPlanejamentosPorIds(tx, [id]))[0] ?? null;

/** Most doses each list of `listDosesDevidas` answers (soonest / oldest first). */
export const LIMITE_DOSES_DEVIDAS = 500;

/**
 * GET /api/clinica/planejamentos/doses-devidas (issue #19 item 7): the scope unit's pending doses
 * due from `hoje` (the unit's today) up to `hoje + dias` (soonest first), and those overdue
 * (oldest first); pets deceased or inactive are left out. At most LIMITE_DOSES_DEVIDAS each.
 */
export const listDosesDevidas = async (tx: Db, dias: number, hoje: string): Promise<DosesDevidas> => {
  const base = sql`planejamentos_vacina.unidade_negocio_id = ${currentUnidadeNegocioId}
    and planejamentos_vacina.status = 'pendente' and pets.ativo and pets.data_obito is null`;
  const limite = sql`limit ${LIMITE_DOSES_DEVIDAS}`;
  const [proximas, atrasadas] = await runTogether(
    selectPlanejamentos(
      tx,
      sql`${base} and planejamentos_vacina.data_prevista between ${hoje}::date and ${somarDias(hoje, dias)}::date`,
      porData,
      limite,
      hoje,
    ),
    selectPlanejamentos(tx, sql`${base} and planejamentos_vacina.data_prevista < ${hoje}::date`, porData, limite, hoje),
  );
  return { dias, proximas: proximas.map(toPlanejamento), atrasadas: atrasadas.map(toPlanejamento) };
};

export type NovaDose = {
  petId: string;
  vacinaId: string;
  protocoloId?: string | null;
  aplicacaoProtocoloId?: string | null;
  /** 1-based position in the protocol; null/absent for a booster or a dose planned alone. */
  ordem?: number | null;
  descricao: string;
  /** 'yyyy-MM-dd'. */
  dataPrevista: string;
};

/**
 * Inserts one pending planned dose in the scope's unit (the caller has checked the pet and the
 * vaccine); answers its id. Registrar vacina uses it for the next dose or the booster.
 */
export const planejarDose = async (tx: Db, dose: NovaDose): Promise<string> => {
  const [row] = await tx
    .insert(planejamentosVacina)
    .values({
      petId: dose.petId,
      vacinaId: dose.vacinaId,
      protocoloId: dose.protocoloId ?? null,
      aplicacaoProtocoloId: dose.aplicacaoProtocoloId ?? null,
      ordem: dose.ordem ?? null,
      descricao: dose.descricao,
      dataPrevista: dose.dataPrevista,
    })
    .returning({ id: planejamentosVacina.id });
  return row!.id;
};
