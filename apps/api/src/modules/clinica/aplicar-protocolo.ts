/**
 * *Aplicar protocolo* (issue #19 item 2; DOMAIN.md §9): plans a pet's doses of a vaccination
 * protocol from a start date, in the scope's unit.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AplicarProtocoloResult } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { runTogether } from '../../db/run-together.ts';
import { planejamentosVacina } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { calcularDatasProtocolo } from './datas-protocolo.ts';
import { listPlanejamentosPorIds } from './planejamentos-repository.ts';

/** A repeat of the same application within this many seconds answers the first one (double click). */
export const JANELA_REPETICAO_SEGUNDOS = 10;

type PetLido = { especie_id: string | null; ativo: boolean; data_obito: string | null };
type Dose = { descricao: string; intervaloDias: number };
type ProtocoloLido = {
  vacina_id: string;
  especie_id: string | null;
  especie_nome: string | null;
  doses: Dose[] | string;
  reforco_dias: number | null;
  ativo: boolean;
  vacina_ativa: boolean;
  vacina_especie_ids: string[] | string;
};
type AplicacaoPendente = {
  aplicacao_protocolo_id: string | null;
  recente: boolean;
  unidade_negocio_id: string;
  datas: string[] | string;
};

const arrayOf = (value: string[] | string): string[] =>
  Array.isArray(value) ? value : value === '{}' || value === '' ? [] : value.slice(1, -1).split(',');

/**
 * POST /api/clinica/planejamentos/aplicar-protocolo: one pending row per dose of the protocol
 * (its vaccine, `ordem` 1..n, the dose's `descricao`), all sharing one new
 * `aplicacao_protocolo_id`, dated by `calcularDatasProtocolo` from `dataInicio`. A start in the
 * past plans the doses already due too (they read as atrasada; none is skipped). The booster is
 * not planned here: *registrar vacina* plans it after the protocol's last dose.
 *
 * 400 on `petId` when the pet is not the tenant's, is deceased (dataObito) or inactive; on
 * `protocoloId` when the protocol is not the tenant's or is inactive, its vaccine is inactive,
 * the pet's species is not the protocol's (or not one its vaccine is for), or the pet still has
 * pending doses of this protocol ('já aplicado… remova a aplicação anterior'). A repeat of the
 * same request within JANELA_REPETICAO_SEGUNDOS (same unit, same dates: a double click or a
 * retry) answers the application already made instead. Applications of one pet and protocol are
 * serialised by a transaction-scoped advisory lock, so two concurrent clicks plan once.
 */
export const aplicarProtocolo = async (
  tx: Db,
  input: { petId: string; protocoloId: string; dataInicio?: string | undefined },
): Promise<AplicarProtocoloResult> => {
  const unidade = await getUnidadeAtual(tx);
  const dataInicio = input.dataInicio;
  if (!dataInicio) throw fieldError('dataInicio', 'Informe a data de início');
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`aplicar-protocolo:${input.petId}:${input.protocoloId}`}, 0))`,
  );

  const [[pet], [protocolo], pendentes] = await runTogether(
    queryRows<PetLido>(tx, sql`select especie_id, ativo, data_obito::text as data_obito from pets where id = ${input.petId}`),
    queryRows<ProtocoloLido>(
      tx,
      sql`select pr.vacina_id, pr.especie_id, e.nome as especie_nome, pr.doses, pr.reforco_dias, pr.ativo,
                 v.ativo as vacina_ativa, v.especie_ids::text[] as vacina_especie_ids
            from protocolos_vacina pr
            join vacinas v on v.id = pr.vacina_id
            left join especies e on e.id = pr.especie_id
           where pr.id = ${input.protocoloId}`,
    ),
    queryRows<AplicacaoPendente>(
      tx,
      sql`select aplicacao_protocolo_id, unidade_negocio_id,
                 bool_and(created_at > now() - make_interval(secs => ${JANELA_REPETICAO_SEGUNDOS})) as recente,
                 array_agg(data_prevista::text order by ordem) as datas
            from planejamentos_vacina
           where pet_id = ${input.petId} and protocolo_id = ${input.protocoloId} and status = 'pendente'
           group by aplicacao_protocolo_id, unidade_negocio_id`,
    ),
  );

  if (!pet) throw fieldError('petId', 'Pet não encontrado');
  if (pet.data_obito) throw fieldError('petId', 'Este pet está registrado como falecido');
  if (!pet.ativo) throw fieldError('petId', 'Este pet está inativo');
  if (!protocolo) throw fieldError('protocoloId', 'Protocolo não encontrado');
  if (!protocolo.ativo) throw fieldError('protocoloId', 'Este protocolo está inativo');
  if (!protocolo.vacina_ativa) throw fieldError('protocoloId', 'A vacina deste protocolo está inativa');
  if (protocolo.especie_id && protocolo.especie_id !== pet.especie_id)
    throw fieldError('protocoloId', `Este protocolo é para a espécie ${protocolo.especie_nome ?? 'de outro animal'}`);
  const especiesDaVacina = arrayOf(protocolo.vacina_especie_ids);
  if (especiesDaVacina.length > 0 && (!pet.especie_id || !especiesDaVacina.includes(pet.especie_id)))
    throw fieldError('protocoloId', 'A vacina deste protocolo não é indicada para a espécie do pet');

  const doses = typeof protocolo.doses === 'string' ? (JSON.parse(protocolo.doses) as Dose[]) : protocolo.doses;
  const datas = calcularDatasProtocolo(dataInicio, doses, protocolo.reforco_dias).doses;

  if (pendentes.length > 0) {
    const repeticao = pendentes.find(
      (p) =>
        p.recente &&
        p.aplicacao_protocolo_id &&
        p.unidade_negocio_id === unidade.id &&
        arrayOf(p.datas).every((d) => datas.includes(d)),
    );
    if (repeticao?.aplicacao_protocolo_id) return answerAplicacao(tx, repeticao.aplicacao_protocolo_id);
    throw fieldError(
      'protocoloId',
      'Este protocolo já foi aplicado a este pet e ainda tem doses pendentes; remova a aplicação anterior para aplicá-lo de novo.',
    );
  }

  const aplicacaoProtocoloId = randomUUID();
  const criadas = await tx
    .insert(planejamentosVacina)
    .values(
      doses.map((dose, i) => ({
        petId: input.petId,
        vacinaId: protocolo.vacina_id,
        protocoloId: input.protocoloId,
        aplicacaoProtocoloId,
        ordem: i + 1,
        descricao: dose.descricao,
        dataPrevista: datas[i]!,
      })),
    )
    .returning({ id: planejamentosVacina.id });
  return {
    aplicacaoProtocoloId,
    doses: await listPlanejamentosPorIds(
      tx,
      criadas.map((c) => c.id),
    ),
  };
};

/** The application's doses (every status), in the protocol's order. */
const answerAplicacao = async (tx: Db, aplicacaoProtocoloId: string): Promise<AplicarProtocoloResult> => {
  const ids = await queryRows<{ id: string }>(
    tx,
    sql`select id from planejamentos_vacina where aplicacao_protocolo_id = ${aplicacaoProtocoloId}`,
  );
  return {
    aplicacaoProtocoloId,
    doses: await listPlanejamentosPorIds(
      tx,
      ids.map((r) => r.id),
    ),
  };
};
