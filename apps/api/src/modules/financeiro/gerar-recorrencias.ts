/**
 * Generation of the payables of recurrences (*recorrências*, DOMAIN.md §7; issue #6 item 3:
 * "generated ahead, paused or ended without touching past entries; generation is idempotent
 * and runs without anyone opening a screen").
 *
 * - An Ativa recurrence has its payables up to RECORRENCIA_DIAS_A_FRENTE (90) days after the
 *   unit's today: occurrences `proxima_ocorrencia`.. whose due date (`datasOcorrencias`) is on
 *   or before that day and within the recurrence's end are written through `criarDespesas`
 *   with `ignorarRepetidas` (unique recorrencia_id + recorrencia_ocorrencia), then
 *   `proxima_ocorrencia` is advanced — all under the recurrence row's lock (`for update`), so
 *   two generations at once, or the same one run twice, create nothing twice.
 * - Each payable: `parcela` = occurrence + 1, `totalParcelas` = totalOcorrencias (or 1),
 *   description 'Aluguel – 03/2027' (monthly and yearly: MM/yyyy; weekly: dd/MM/yyyy), issue
 *   date the unit's today (or the due date, when it is already past), and the recurrence's
 *   supplier, category, payment method and account.
 * - Ending by itself: once its last occurrence is generated and due today or before (so
 *   nothing of it lies ahead), an Ativa recurrence with an end becomes Encerrada.
 * - `removerFuturasAbertas`: what pausing, ending and changing a recurrence do to what it
 *   generated — deletes its payables still EmAberto, with nothing paid and no settlement
 *   history, due after today; never a past, settled, partly settled, reversed or cancelled one.
 *   `proxima_ocorrencia` goes back to the first deleted occurrence.
 *
 * `gerarRecorrencias` works in the caller's scope (one unit); `gerarRecorrenciasDeTodasAsUnidades`
 * visits every active unit of every active tenant that has an Ativa recurrence, each in its
 * own scoped transaction with that unit's today; the hourly scheduler calls it
 * (recorrencias-scheduler.ts).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  dataOcorrencia,
  datasOcorrencias,
  RECORRENCIA_DIAS_A_FRENTE,
  type FrequenciaRecorrencia,
  type TerminoRecorrencia,
} from '@petshop/shared/financeiro';
import { formatCount, formatDate } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { executarSozinho, type Execucao } from '../../db/execucao-exclusiva.ts';
import { queryRows } from '../../db/rows.ts';
import { despesas, recorrencias } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { criarDespesas, type NovaDespesa } from './despesas-ledger.ts';

type RecorrenciaRow = typeof recorrencias.$inferSelect;

/** The schedule of a recurrence row in the shape of `datasOcorrencias`. */
export const agendaDe = (r: RecorrenciaRow) => ({
  dataInicio: r.dataInicio,
  frequencia: r.frequencia as FrequenciaRecorrencia,
  intervalo: r.intervalo,
  termino: r.termino as TerminoRecorrencia,
  dataFim: r.dataFim,
  totalOcorrencias: r.totalOcorrencias,
});

/** 'Aluguel – 03/2027' (monthly, yearly) or 'Faxina – 14/03/2027' (weekly). */
export const descricaoOcorrencia = (descricao: string, frequencia: FrequenciaRecorrencia, dataVencimento: string): string => {
  const [ano, mes] = dataVencimento.split('-');
  const quando = frequencia === 'semanal' ? formatDate(dataVencimento) : `${mes}/${ano}`;
  return `${descricao} – ${quando}`;
};

/** The last day payables are generated up to: today + RECORRENCIA_DIAS_A_FRENTE. */
export const limiteGeracao = (hoje: string): string => addDays(hoje, RECORRENCIA_DIAS_A_FRENTE);

/** True when the recurrence has an end and its occurrence `n` does not exist. */
const semOcorrencia = (r: RecorrenciaRow, n: number): boolean =>
  r.termino !== 'sem_fim' && datasOcorrencias(agendaDe(r), n, '9999-12-31', 1).length === 0;

/** True when an Ativa recurrence has something to do today (payables to write or its end reached). */
const temTrabalho = (r: RecorrenciaRow, hoje: string): boolean => {
  if (datasOcorrencias(agendaDe(r), r.proximaOcorrencia, limiteGeracao(hoje), 1).length > 0) return true;
  return semOcorrencia(r, r.proximaOcorrencia);
};

/**
 * Generates the payables of recurrence `id` (of the scope's unit) up to today + 90 days,
 * locking its row first; nothing for a recurrence that is not Ativa or is not in the unit.
 * Answers how many payables were written.
 */
export const gerarRecorrencia = async (tx: Db, id: string, hoje: string): Promise<number> => {
  const [r] = await tx.select().from(recorrencias).where(eq(recorrencias.id, id)).for('update');
  if (!r || r.status !== 'Ativa') return 0;
  const agenda = agendaDe(r);
  const datas = datasOcorrencias(agenda, r.proximaOcorrencia, limiteGeracao(hoje));
  let criadas = 0;
  let proxima = r.proximaOcorrencia;
  if (datas.length > 0) {
    const novas: NovaDespesa[] = datas.map((d) => ({
      recorrenciaId: r.id,
      recorrenciaOcorrencia: d.ocorrencia,
      fornecedorId: r.fornecedorId,
      categoriaFinanceiraId: r.categoriaFinanceiraId,
      formaPagamentoId: r.formaPagamentoId,
      contaId: r.contaId,
      descricao: descricaoOcorrencia(r.descricao, agenda.frequencia, d.dataVencimento),
      documento: null,
      parcela: d.ocorrencia + 1,
      totalParcelas: r.termino === 'ocorrencias' && r.totalOcorrencias ? r.totalOcorrencias : 1,
      dataEmissao: d.dataVencimento < hoje ? d.dataVencimento : hoje,
      dataVencimento: d.dataVencimento,
      valor: Number(r.valor),
    }));
    criadas = (await criarDespesas(tx, novas, { ignorarRepetidas: true })).length;
    proxima = datas[datas.length - 1]!.ocorrencia + 1;
  }
  // Ends by itself when its last occurrence exists and is due today or before.
  const encerrar =
    semOcorrencia(r, proxima) &&
    (proxima === 0 || dataOcorrencia(agenda.dataInicio, agenda.frequencia, agenda.intervalo, proxima - 1) <= hoje);
  if (proxima !== r.proximaOcorrencia || encerrar)
    await tx
      .update(recorrencias)
      .set({ proximaOcorrencia: proxima, ...(encerrar ? { status: 'Encerrada' } : {}) })
      .where(eq(recorrencias.id, r.id));
  return criadas;
};

/**
 * Generates every Ativa recurrence of the scope's unit (see the module comment), in id order
 * (so two runs at once lock rows in the same order). `hoje`: the unit's today. Answers how
 * many payables were written.
 */
export const gerarRecorrencias = async (tx: Db, hoje: string): Promise<number> => {
  const ativas = await tx.select().from(recorrencias).where(eq(recorrencias.status, 'Ativa')).orderBy(asc(recorrencias.id));
  let total = 0;
  for (const r of ativas) if (temTrabalho(r, hoje)) total += await gerarRecorrencia(tx, r.id, hoje);
  return total;
};

/**
 * Runs `gerarRecorrencias` for every active unit of every active tenant that has an Ativa
 * recurrence, each in its own tenant/unit scope and transaction with the unit's own today.
 * A unit that fails does not stop the others: the failures are thrown together at the end
 * (AggregateError). Answers how many payables were written.
 */
export const gerarRecorrenciasDeTodasAsUnidades = async (db: Db): Promise<number> => {
  // The plain handle (no tenant yet): the owner reads across tenants.
  const unidades = await queryRows<{ tenant_id: string; unidade_negocio_id: string }>(
    db,
    sql`select distinct r.tenant_id, r.unidade_negocio_id
          from recorrencias r
          join tenants t on t.id = r.tenant_id and t.ativo
          join unidades_negocio u on u.id = r.unidade_negocio_id and u.ativo
         where r.status = 'Ativa'
         order by r.tenant_id, r.unidade_negocio_id`,
  );
  let total = 0;
  const falhas: unknown[] = [];
  for (const u of unidades) {
    try {
      total += await withTenant(db, { tenantId: u.tenant_id, unidadeNegocioId: u.unidade_negocio_id }, async (tx) =>
        gerarRecorrencias(tx, (await getUnidadeAtual(tx)).hoje),
      );
    } catch (error) {
      falhas.push(error);
    }
  }
  if (falhas.length > 0)
    throw new AggregateError(falhas, `Falha ao gerar recorrências em ${formatCount(falhas.length, 'unidade', 'unidades')}`);
  return total;
};

/** The advisory lock's name of the recurrences' run (db/execucao-exclusiva.ts). */
export const LOCK_RECORRENCIAS = 'financeiro:gerar-recorrencias';

/**
 * `gerarRecorrenciasDeTodasAsUnidades` as one run among every API instance (issue #22 item 3):
 * `{ executou: false }` when another instance's run holds the lock; else how many payables
 * were written.
 */
export const gerarRecorrenciasSozinho = (db: Db): Promise<Execucao<number>> =>
  executarSozinho(db, LOCK_RECORRENCIAS, gerarRecorrenciasDeTodasAsUnidades);

/**
 * Deletes the payables recurrence `id` generated that are still EmAberto, with nothing paid
 * and no settlement (not even a reversed one), due after `hoje`; moves `proxima_ocorrencia`
 * back to the first deleted occurrence. The caller holds the recurrence row's lock. Answers
 * how many were deleted.
 */
export const removerFuturasAbertas = async (tx: Db, id: string, hoje: string): Promise<number> => {
  const candidatas = await tx
    .select({ id: despesas.id, ocorrencia: despesas.recorrenciaOcorrencia })
    .from(despesas)
    .where(
      and(
        eq(despesas.recorrenciaId, id),
        eq(despesas.status, 'EmAberto'),
        sql`${despesas.valorPago} = 0`,
        gt(despesas.dataVencimento, hoje),
        sql`not exists (select 1 from baixas_financeiras b where b.despesa_id = ${despesas.id})`,
      ),
    )
    .orderBy(asc(despesas.recorrenciaOcorrencia))
    .for('update');
  if (candidatas.length === 0) return 0;
  await tx.delete(despesas).where(
    inArray(
      despesas.id,
      candidatas.map((c) => c.id),
    ),
  );
  const primeira = candidatas[0]!.ocorrencia ?? 0;
  await tx
    .update(recorrencias)
    .set({ proximaOcorrencia: sql`least(${recorrencias.proximaOcorrencia}, ${primeira})` })
    .where(eq(recorrencias.id, id));
  return candidatas.length;
};
