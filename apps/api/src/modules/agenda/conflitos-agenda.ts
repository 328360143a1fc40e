/**
 * The agenda's clash check (issue #17 item 2): booking over another appointment of the same
 * box, room or responsible professional is refused with the clashing appointment named,
 * unless the unit's capacity allows it (a box holds `petsPorBox` pets at once, a professional
 * takes `petsPorProfissional`, a room one appointment; getAgendaConfiguracoes).
 *
 * Appointments that no longer hold a slot (Cancelado, NaoCompareceu) do not count, nor the
 * appointment being changed. Intervals are half-open [inicio, fim): back-to-back is fine.
 *
 * Race safety: `lockRecursosAgenda` takes a transaction-scoped advisory lock per resource
 * (sorted, so two bookings never wait on each other crosswise) before anything is checked; a
 * second booking of the same box waits until the first commits, then sees it. Works the same on
 * PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { instanteSql } from './atendimentos-repository.ts';
import { getAgendaConfiguracoes } from './configuracoes-agenda.ts';

/** What an appointment occupies: its local interval and resources. */
export type OcupacaoAgenda = {
  /** The appointment itself when it is being changed (not a clash with itself). */
  atendimentoId?: string | null;
  /** Local 'yyyy-MM-ddTHH:mm' of the unit. */
  inicio: string;
  fim: string;
  boxId?: string | null;
  salaId?: string | null;
  responsavelId?: string | null;
};

type Recurso = { campo: 'boxId' | 'salaId' | 'responsavelId'; coluna: string; id: string };

const recursosDe = (o: OcupacaoAgenda): Recurso[] => {
  const recursos: Recurso[] = [];
  if (o.boxId) recursos.push({ campo: 'boxId', coluna: 'box_id', id: o.boxId });
  if (o.salaId) recursos.push({ campo: 'salaId', coluna: 'sala_id', id: o.salaId });
  if (o.responsavelId) recursos.push({ campo: 'responsavelId', coluna: 'responsavel_id', id: o.responsavelId });
  return recursos;
};

/**
 * Locks the resources of an occupation until the transaction ends (pg_advisory_xact_lock of
 * the resource's key, in key order). Call before checking and writing.
 */
export const lockRecursosAgenda = async (tx: Db, ocupacao: OcupacaoAgenda): Promise<void> => {
  const chaves = recursosDe(ocupacao)
    .map((r) => `agenda:${r.coluna}:${r.id}`)
    .sort();
  for (const chave of chaves) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${chave}))`);
};

type Ocupante = { id: string; descricao: string; inicioMs: number; fimMs: number; novoInicioMs: number; novoFimMs: number };

/** How many of `ocupantes` overlap at once at most inside [inicio, fim). */
const maiorSimultaneidade = (ocupantes: Ocupante[], inicio: number, fim: number): number => {
  const pontos = [inicio, ...ocupantes.map((o) => o.inicioMs).filter((t) => t > inicio && t < fim)];
  let maior = 0;
  for (const t of pontos) maior = Math.max(maior, ocupantes.filter((o) => o.inicioMs <= t && o.fimMs > t).length);
  return maior;
};

/**
 * 400 when the occupation clashes on its box, room or professional beyond the capacity: the
 * field (boxId, salaId or responsavelId) and generalErrors carry "Conflito com Rex (Maria
 * Silva) · Banho, 27/11/2026 09:00–10:00" (prefixed by `prefixo`, e.g. the date of a
 * repetition). Expects `lockRecursosAgenda` to have run in this transaction.
 */
export const assertSemConflitos = async (tx: Db, ocupacao: OcupacaoAgenda, prefixo = ''): Promise<void> => {
  const recursos = recursosDe(ocupacao);
  if (recursos.length === 0) return;
  const [unidade, configuracoes] = await Promise.all([getUnidadeAtual(tx), getAgendaConfiguracoes(tx)]);
  const tz = unidade.timeZone;
  const inicio = instanteSql(ocupacao.inicio, tz);
  const fim = instanteSql(ocupacao.fim, tz);
  const self = ocupacao.atendimentoId ?? '00000000-0000-0000-0000-000000000000';
  for (const recurso of recursos) {
    const ocupantes = await queryRows<Ocupante>(
      tx,
      sql`select a.id,
                 p.nome || ' (' || c.nome || ') · ' || ta.nome || ', ' || to_char(a.inicio at time zone ${tz}, 'DD/MM/YYYY HH24:MI')
                   || '–' || to_char(a.fim at time zone ${tz}, 'HH24:MI') as descricao,
                 (extract(epoch from a.inicio) * 1000)::float8 as "inicioMs", (extract(epoch from a.fim) * 1000)::float8 as "fimMs",
                 (extract(epoch from ${inicio}) * 1000)::float8 as "novoInicioMs", (extract(epoch from ${fim}) * 1000)::float8 as "novoFimMs"
            from atendimentos a
            join pets p on p.id = a.pet_id
            join pessoas c on c.id = a.cliente_id
            join tipos_atendimento ta on ta.id = a.tipo_atendimento_id
           where a.${sql.raw(recurso.coluna)} = ${recurso.id}
             and a.status not in ('Cancelado', 'NaoCompareceu')
             and a.id <> ${self}
             and a.inicio < ${fim} and a.fim > ${inicio}
           order by a.inicio, a.id`,
    );
    if (ocupantes.length === 0) continue;
    const capacidade =
      recurso.campo === 'boxId'
        ? configuracoes.petsPorBox
        : recurso.campo === 'responsavelId'
          ? configuracoes.petsPorProfissional
          : 1;
    const { novoInicioMs, novoFimMs } = ocupantes[0]!;
    const simultaneos = maiorSimultaneidade(ocupantes, novoInicioMs, novoFimMs);
    if (simultaneos + 1 <= capacidade) continue;
    const mensagem = `${prefixo}Conflito com ${ocupantes[0]!.descricao}`;
    throw new AppError(400, { [recurso.campo]: [mensagem], [GENERAL_ERRORS]: [mensagem] });
  }
};
