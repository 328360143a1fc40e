/**
 * POST /api/agenda/atendimentos (issue #17 item 2; DOMAIN.md §10): books an appointment, or a
 * series of them (every N weeks until a date), in ONE transaction.
 *
 * Rules (400 on the field named):
 * - petId: a pet of the tenant, active; clienteId: one of its tutors (absent: the principal);
 * - tipoAtendimentoId: an active type; fim absent → inicio + the type's duration; fim > inicio;
 * - salaId only for types needing a room, boxId only for types needing a box, and required by
 *   them; the room or box of the selected unit and active; responsavelId: an active user of the unit;
 * - servicos absent → the type's service product at its sale price;
 * - repeticao: every `intervaloSemanas` weeks until `ate` (at most a year from today, at most 52
 *   appointments), all with recorrencia_id = the first's id; a clash on any of them refuses all;
 * - no clash on box, room or professional beyond the capacities (conflitos-agenda.ts);
 * - usarPacote: a package of the owner covering the type (for the pet or any of theirs, valid
 *   that day, sessions left) gives one session per appointment; the type's service is then 0.
 * Each appointment starts Agendado with a history row of who booked it; the owner's WhatsApp
 * confirmation is queued for the first one (of a series: the first only; the others get their
 * reminders), in the same transaction (whatsapp/gatilhos-agenda.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { atendimentoInputSchema, RecursoAtendimento, AreaAtendimento } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { atendimentoHistorico, atendimentoServicos, atendimentos, produtos, tiposAtendimento } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { instanteSql } from './atendimentos-repository.ts';
import { assertSemConflitos, lockRecursosAgenda } from './conflitos-agenda.ts';
import { consumirSessaoPacote } from './pacotes-sessoes.ts';
import { enfileirarConfirmacaoAtendimento } from '../whatsapp/gatilhos-agenda.ts';

export type AtendimentoInputParsed = z.output<typeof atendimentoInputSchema>;

export type ServicoResolvido = { produtoId: string; descricao: string; valor: number };

/** An appointment's input checked and completed (owner, end, services). */
export type AtendimentoResolvido = {
  petId: string;
  clienteId: string;
  tipo: { id: string; area: AreaAtendimento; recurso: RecursoAtendimento; produtoId: string | null };
  /** Local 'yyyy-MM-ddTHH:mm'. */
  inicio: string;
  fim: string;
  responsavelId: string | null;
  salaId: string | null;
  boxId: string | null;
  servicos: ServicoResolvido[];
  observacoes: string | null;
  naoFazer: string | null;
  prioridade: string;
  levaETraz: { endereco: string; horaBusca: string | null; horaEntrega: string | null; valor: number } | null;
  usarPacote: boolean;
};

const MINUTO = 60_000;
const DIA = 24 * 60 * MINUTO;

/** Local 'yyyy-MM-ddTHH:mm' as wall-clock milliseconds (no time zone involved). */
export const localParaMs = (local: string): number => Date.parse(`${local}:00Z`);
/** Wall-clock milliseconds back to local 'yyyy-MM-ddTHH:mm'. */
export const msParaLocal = (ms: number): string => new Date(ms).toISOString().slice(0, 16);
/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export const dataBr = (data: string): string => `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}`;

/**
 * The columns an appointment takes from its resolved input, at `periodo` (local times of the
 * unit, stored as instants of `timeZone`): what booking and changing both write.
 */
export const colunasAtendimento = (dados: AtendimentoResolvido, periodo: { inicio: string; fim: string }, timeZone: string) => ({
  petId: dados.petId,
  clienteId: dados.clienteId,
  tipoAtendimentoId: dados.tipo.id,
  inicio: sql`${instanteSql(periodo.inicio, timeZone)}` as unknown as Date,
  fim: sql`${instanteSql(periodo.fim, timeZone)}` as unknown as Date,
  responsavelId: dados.responsavelId,
  salaId: dados.salaId,
  boxId: dados.boxId,
  observacoes: dados.observacoes,
  naoFazer: dados.naoFazer,
  prioridade: dados.prioridade,
  levaETraz: dados.levaETraz,
});

/**
 * Checks an appointment's input against the tenant's and unit's records and completes it (see
 * the file's comment for the rules). Shared by criarAtendimento and alterarAtendimento.
 */
export const resolverAtendimento = async (tx: Db, input: AtendimentoInputParsed): Promise<AtendimentoResolvido> => {
  const [pet] = await queryRows<{ id: string; ativo: boolean; tutores: string[] }>(
    tx,
    sql`select p.id, p.ativo,
               coalesce((select json_agg(t.pessoa_id order by t.principal desc, c.nome_busca)
                           from pet_tutores t join pessoas c on c.id = t.pessoa_id where t.pet_id = p.id), '[]'::json) as tutores
          from pets p where p.id = ${input.petId}`,
  );
  if (!pet) throw fieldError('petId', 'Pet não encontrado');
  if (!pet.ativo) throw fieldError('petId', 'Pet inativo');
  const clienteId = input.clienteId ?? pet.tutores[0];
  if (!clienteId) throw fieldError('clienteId', 'Este pet não tem tutor cadastrado');
  if (!pet.tutores.includes(clienteId)) throw fieldError('clienteId', 'O cliente informado não é tutor deste pet');

  const [tipo] = await tx.select().from(tiposAtendimento).where(eq(tiposAtendimento.id, input.tipoAtendimentoId));
  if (!tipo) throw fieldError('tipoAtendimentoId', 'Tipo de atendimento não encontrado');
  if (!tipo.ativo) throw fieldError('tipoAtendimentoId', 'Tipo de atendimento inativo');

  const fim = input.fim ?? msParaLocal(localParaMs(input.inicio) + tipo.duracaoMinutos * MINUTO);
  if (fim <= input.inicio) throw fieldError('fim', 'O fim deve ser depois do início');
  if (localParaMs(fim) - localParaMs(input.inicio) > DIA) throw fieldError('fim', 'Um atendimento dura no máximo 24 horas');

  const recurso = tipo.recurso as RecursoAtendimento;
  const salaId = input.salaId ?? null;
  const boxId = input.boxId ?? null;
  if (salaId && recurso !== 'Sala') throw fieldError('salaId', 'Este tipo de atendimento não usa sala');
  if (boxId && recurso !== 'Box') throw fieldError('boxId', 'Este tipo de atendimento não usa box');
  if (recurso === 'Sala' && !salaId) throw fieldError('salaId', 'Este tipo de atendimento exige uma sala');
  if (recurso === 'Box' && !boxId) throw fieldError('boxId', 'Este tipo de atendimento exige um box');
  if (salaId) {
    const [sala] = await queryRows<{ ativo: boolean }>(tx, sql`select ativo from salas where id = ${salaId}`);
    if (!sala) throw fieldError('salaId', 'Sala não encontrada nesta unidade');
    if (!sala.ativo) throw fieldError('salaId', 'Sala inativa');
  }
  if (boxId) {
    const [box] = await queryRows<{ ativo: boolean }>(tx, sql`select ativo from boxes where id = ${boxId}`);
    if (!box) throw fieldError('boxId', 'Box não encontrado nesta unidade');
    if (!box.ativo) throw fieldError('boxId', 'Box inativo');
  }
  const responsavelId = input.responsavelId ?? null;
  if (responsavelId) {
    const [usuario] = await queryRows<{ id: string }>(
      tx,
      sql`select u.id from usuarios u join usuario_unidades uu on uu.usuario_id = u.id
           where u.id = ${responsavelId} and u.ativo
             and uu.unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid`,
    );
    if (!usuario) throw fieldError('responsavelId', 'Profissional não encontrado nesta unidade');
  }

  const pedidos = input.servicos ?? (tipo.produtoId ? [{ produtoId: tipo.produtoId, valor: undefined }] : []);
  const ids = [...new Set(pedidos.map((s) => s.produtoId))];
  const catalogo =
    ids.length === 0
      ? []
      : await tx
          .select({ id: produtos.id, nome: produtos.nome, precoVenda: produtos.precoVenda })
          .from(produtos)
          .where(inArray(produtos.id, ids));
  const porId = new Map(catalogo.map((p) => [p.id, p]));
  const servicos = pedidos.map((s, i): ServicoResolvido => {
    const produto = porId.get(s.produtoId);
    if (!produto) throw fieldError(`servicos.${i}.produtoId`, 'Serviço não encontrado');
    return { produtoId: produto.id, descricao: produto.nome, valor: s.valor ?? Number(produto.precoVenda) };
  });

  return {
    petId: pet.id,
    clienteId,
    tipo: { id: tipo.id, area: tipo.area as AreaAtendimento, recurso, produtoId: tipo.produtoId },
    inicio: input.inicio,
    fim,
    responsavelId,
    salaId,
    boxId,
    servicos,
    observacoes: input.observacoes ?? null,
    naoFazer: input.naoFazer ?? null,
    prioridade: input.prioridade,
    levaETraz: input.levaETraz
      ? {
          endereco: input.levaETraz.endereco,
          horaBusca: input.levaETraz.horaBusca ?? null,
          horaEntrega: input.levaETraz.horaEntrega ?? null,
          valor: input.levaETraz.valor ?? 0,
        }
      : null,
    usarPacote: input.usarPacote,
  };
};

/**
 * Takes a package session for an appointment of `dados` on `inicio`'s day (when usarPacote);
 * answers the package id (null: none usable) and the services with the covered one at 0.
 */
export const tomarSessaoPacote = async (
  tx: Db,
  dados: Pick<AtendimentoResolvido, 'clienteId' | 'petId' | 'tipo' | 'servicos' | 'usarPacote'>,
  inicio: string,
): Promise<{ pacoteId: string | null; servicos: ServicoResolvido[] }> => {
  if (!dados.usarPacote) return { pacoteId: null, servicos: dados.servicos };
  const pacoteId = await consumirSessaoPacote(tx, {
    clienteId: dados.clienteId,
    petId: dados.petId,
    tipoAtendimentoId: dados.tipo.id,
    data: inicio.slice(0, 10),
  });
  if (!pacoteId) return { pacoteId: null, servicos: dados.servicos };
  let coberto = false;
  const servicos = dados.servicos.map((s) => {
    if (coberto || s.produtoId !== dados.tipo.produtoId) return s;
    coberto = true;
    return { ...s, valor: 0 };
  });
  return { pacoteId, servicos };
};

/** Replaces an appointment's services (ordem from 0). */
export const gravarServicos = async (tx: Db, atendimentoId: string, servicos: ServicoResolvido[]): Promise<void> => {
  await tx.delete(atendimentoServicos).where(eq(atendimentoServicos.atendimentoId, atendimentoId));
  if (servicos.length === 0) return;
  await tx.insert(atendimentoServicos).values(
    servicos.map((s, ordem) => ({
      atendimentoId,
      ordem,
      produtoId: s.produtoId,
      descricao: s.descricao,
      valor: s.valor.toFixed(2),
    })),
  );
};

/** Appends a history row (clock_timestamp, so rows of one transaction keep their order); `usuarioId` null: the owner by WhatsApp. */
export const registrarHistorico = async (
  tx: Db,
  atendimentoId: string,
  campo: 'status' | 'atividade' | 'prioridade',
  de: string | null,
  para: string,
  usuarioId: string | null,
): Promise<void> => {
  await tx.insert(atendimentoHistorico).values({ atendimentoId, campo, de, para, usuarioId, em: sql`clock_timestamp()` });
};

/** The starts of a series: `inicio`, then every `intervaloSemanas` weeks while the day is ≤ `ate`. */
const inicios = (inicio: string, repeticao: AtendimentoInputParsed['repeticao'], hoje: string): string[] => {
  if (!repeticao) return [inicio];
  const ate = repeticao.ate!;
  if (ate < inicio.slice(0, 10))
    throw fieldError('repeticao.ate', 'A data final da repetição deve ser depois do primeiro atendimento');
  if (localParaMs(`${ate}T00:00`) > localParaMs(`${hoje}T00:00`) + 366 * DIA)
    throw fieldError('repeticao.ate', 'A repetição pode ir até um ano à frente');
  const passo = repeticao.intervaloSemanas * 7 * DIA;
  const lista: string[] = [];
  for (let ms = localParaMs(inicio); msParaLocal(ms).slice(0, 10) <= ate; ms += passo) lista.push(msParaLocal(ms));
  if (lista.length > 52) throw fieldError('repeticao.ate', 'No máximo 52 atendimentos numa repetição');
  return lista;
};

/** See the file's comment. Answers the first appointment's id and every id created, in date order. */
export const criarAtendimento = async (
  tx: Db,
  input: AtendimentoInputParsed,
  usuarioId: string,
): Promise<{ id: string; ids: string[] }> => {
  const unidade = await getUnidadeAtual(tx);
  const dados = await resolverAtendimento(tx, input);
  const duracao = localParaMs(dados.fim) - localParaMs(dados.inicio);
  const ocorrencias = inicios(dados.inicio, input.repeticao, unidade.hoje).map((inicio) => ({
    id: randomUUID(),
    inicio,
    fim: msParaLocal(localParaMs(inicio) + duracao),
  }));
  const recorrenciaId = input.repeticao ? ocorrencias[0]!.id : null;

  await lockRecursosAgenda(tx, dados);
  for (const o of ocorrencias) {
    const prefixo = ocorrencias.length > 1 ? `Repetição de ${dataBr(o.inicio.slice(0, 10))}: ` : '';
    await assertSemConflitos(tx, { ...dados, inicio: o.inicio, fim: o.fim }, prefixo);
  }

  for (const o of ocorrencias) {
    const { pacoteId, servicos } = await tomarSessaoPacote(tx, dados, o.inicio);
    await tx.insert(atendimentos).values({
      id: o.id,
      ...colunasAtendimento(dados, o, unidade.timeZone),
      recorrenciaId,
      pacoteId,
      criadoPorId: usuarioId,
    });
    await gravarServicos(tx, o.id, servicos);
    await registrarHistorico(tx, o.id, 'status', null, 'Agendado', usuarioId);
  }
  await enfileirarConfirmacaoAtendimento(tx, ocorrencias[0]!.id, usuarioId);
  return { id: ocorrencias[0]!.id, ids: ocorrencias.map((o) => o.id) };
};
