/**
 * Creating, changing, pausing, resuming and ending recurring payables (*recorrências*,
 * DOMAIN.md §7; issue #6 item 3; rules in `recorrenciaInputSchema` and `ACOES_RECORRENCIA` of
 * @petshop/shared/financeiro). Everything runs in the caller's scoped transaction, under the
 * recurrence row's lock, and generates through gerar-recorrencias.ts.
 *
 * - create: Ativa, then its payables up to 90 days ahead are generated (a start in the past
 *   also writes the past occurrences, open and overdue: obligations already running). With
 *   `id` (the client's uuid) a second post answers the first recurrence.
 * - change (PUT): the generated payables still open, unpaid and due after today are deleted
 *   and generated again from the new data (value, description, supplier, category, method,
 *   account, end); past, settled and cancelled ones stay as they are. The schedule itself
 *   (first due date, frequency, interval) changes only while nothing generated is kept
 *   (400 on the field otherwise: end it and create another), since occurrence numbers are
 *   counted from the first due date. Not after Encerrada (400).
 * - pausar: Pausada, future open payables deleted. retomar: Ativa again, generation resumes
 *   from the first occurrence not generated that is due today or later (what fell due while
 *   paused is skipped). encerrar: Encerrada (final), future open payables deleted. Repeating
 *   the current state answers it unchanged; pausing or resuming an Encerrada one is 400.
 */
import { count, eq, sql } from 'drizzle-orm';
import {
  dataOcorrencia,
  type AcaoRecorrencia,
  type FrequenciaRecorrencia,
  type RecorrenciaInputParsed,
} from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import { categoriasFinanceiras, contas, despesas, formasPagamento, fornecedores, recorrencias } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { gerarRecorrencia, removerFuturasAbertas } from './gerar-recorrencias.ts';

export const RECORRENCIA_NAO_ENCONTRADA = 'Recorrência não encontrada';
export const RECORRENCIA_ENCERRADA = 'Esta recorrência foi encerrada e não pode mais ser alterada';

/** 400 on the field unless each given reference is usable by this unit. */
const validarReferencias = async (tx: Db, input: RecorrenciaInputParsed): Promise<void> => {
  if (input.categoriaFinanceiraId) {
    const [c] = await tx
      .select({ tipo: categoriasFinanceiras.tipo, ativo: categoriasFinanceiras.ativo })
      .from(categoriasFinanceiras)
      .where(eq(categoriasFinanceiras.id, input.categoriaFinanceiraId));
    if (!c) throw fieldError('categoriaFinanceiraId', 'Categoria não encontrada');
    if (c.tipo !== 'despesa') throw fieldError('categoriaFinanceiraId', 'Escolha uma categoria de despesa');
    if (!c.ativo) throw fieldError('categoriaFinanceiraId', 'Categoria inativa');
  }
  if (input.fornecedorId) {
    const [f] = await tx.select({ id: fornecedores.id }).from(fornecedores).where(eq(fornecedores.id, input.fornecedorId));
    if (!f) throw fieldError('fornecedorId', 'Fornecedor não encontrado');
  }
  if (input.formaPagamentoId) {
    const [f] = await tx
      .select({ ativo: formasPagamento.ativo })
      .from(formasPagamento)
      .where(eq(formasPagamento.id, input.formaPagamentoId));
    if (!f) throw fieldError('formaPagamentoId', 'Forma de pagamento não encontrada');
    if (!f.ativo) throw fieldError('formaPagamentoId', 'Forma de pagamento inativa');
  }
  if (input.contaId) {
    const [c] = await tx.select({ ativo: contas.ativo }).from(contas).where(eq(contas.id, input.contaId));
    if (!c) throw fieldError('contaId', 'Conta não encontrada nesta unidade');
    if (!c.ativo) throw fieldError('contaId', 'Conta inativa');
  }
};

const valores = (input: RecorrenciaInputParsed) => ({
  descricao: input.descricao,
  fornecedorId: input.fornecedorId ?? null,
  categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
  formaPagamentoId: input.formaPagamentoId ?? null,
  contaId: input.contaId ?? null,
  valor: input.valor.toFixed(2),
  frequencia: input.frequencia,
  intervalo: input.intervalo,
  dataInicio: input.dataInicio,
  termino: input.termino,
  dataFim: input.termino === 'data' ? (input.dataFim ?? null) : null,
  totalOcorrencias: input.termino === 'ocorrencias' ? (input.totalOcorrencias ?? null) : null,
  observacoes: input.observacoes ?? null,
});

/** The recurrence row of the unit, locked; 404 outside it. */
const lockRecorrencia = async (tx: Db, id: string) => {
  const [r] = await tx.select().from(recorrencias).where(eq(recorrencias.id, id)).for('update');
  if (!r) throw notFound(RECORRENCIA_NAO_ENCONTRADA);
  return r;
};

/**
 * POST /api/financeiro/recorrencias: creates an Ativa recurrence and generates its payables
 * (see the module comment). 400 on a reference outside the unit/tenant, inactive, or a
 * category that is not of kind despesa. Answers the recurrence's id.
 */
export const criarRecorrencia = async (tx: Db, input: RecorrenciaInputParsed): Promise<string> => {
  if (input.id) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.id}, 0))`);
    const [existente] = await tx.select({ id: recorrencias.id }).from(recorrencias).where(eq(recorrencias.id, input.id));
    if (existente) return existente.id;
  }
  await validarReferencias(tx, input);
  const [row] = await tx
    .insert(recorrencias)
    .values({ ...(input.id ? { id: input.id } : {}), ...valores(input), status: 'Ativa', proximaOcorrencia: 0 })
    .returning({ id: recorrencias.id });
  const { hoje } = await getUnidadeAtual(tx);
  await gerarRecorrencia(tx, row!.id, hoje);
  return row!.id;
};

/**
 * PUT /api/financeiro/recorrencias/{id}: changes the recurrence and replaces its future open
 * payables (see the module comment). 404 outside the unit; 400 when Encerrada, or when the
 * schedule changes while generated payables are kept.
 */
export const alterarRecorrencia = async (tx: Db, id: string, input: RecorrenciaInputParsed): Promise<void> => {
  const atual = await lockRecorrencia(tx, id);
  if (atual.status === 'Encerrada') throw badRequest(RECORRENCIA_ENCERRADA);
  await validarReferencias(tx, input);
  const { hoje } = await getUnidadeAtual(tx);
  await removerFuturasAbertas(tx, id, hoje);

  const novos = valores(input);
  const mudancas = (
    [
      ['dataInicio', novos.dataInicio !== atual.dataInicio],
      ['frequencia', novos.frequencia !== atual.frequencia],
      ['intervalo', novos.intervalo !== atual.intervalo],
    ] as const
  ).filter(([, mudou]) => mudou);
  if (mudancas.length > 0) {
    const [mantidas] = await tx.select({ n: count() }).from(despesas).where(eq(despesas.recorrenciaId, id));
    if ((mantidas?.n ?? 0) > 0)
      throw fieldError(
        mudancas[0]![0],
        'Esta recorrência já tem contas lançadas: para mudar o primeiro vencimento, a frequência ou o intervalo, encerre-a e crie outra',
      );
  }
  const [depois] = await tx
    .update(recorrencias)
    .set({ ...novos, ...(mudancas.length > 0 ? { proximaOcorrencia: 0 } : {}) })
    .where(eq(recorrencias.id, id))
    .returning();
  if (depois!.status === 'Ativa') await gerarRecorrencia(tx, id, hoje);
};

/**
 * POST /api/financeiro/recorrencias/{id}/pausar|retomar|encerrar (see the module comment).
 * 404 outside the unit; 400 pausing or resuming an Encerrada recurrence (ending it again: unchanged).
 */
export const acaoRecorrencia = async (tx: Db, id: string, acao: AcaoRecorrencia): Promise<void> => {
  const r = await lockRecorrencia(tx, id);
  if (r.status === 'Encerrada') {
    if (acao === 'encerrar') return;
    throw badRequest(RECORRENCIA_ENCERRADA);
  }
  const { hoje } = await getUnidadeAtual(tx);
  if (acao === 'pausar' || acao === 'encerrar') {
    const status = acao === 'pausar' ? 'Pausada' : 'Encerrada';
    if (r.status === status) return;
    await removerFuturasAbertas(tx, id, hoje);
    await tx.update(recorrencias).set({ status }).where(eq(recorrencias.id, id));
    return;
  }
  // retomar: skip what fell due while paused (from the first occurrence not generated due today or later).
  if (r.status === 'Pausada') {
    const frequencia = r.frequencia as FrequenciaRecorrencia;
    let proxima = r.proximaOcorrencia;
    while (dataOcorrencia(r.dataInicio, frequencia, r.intervalo, proxima) < hoje) proxima++;
    await tx.update(recorrencias).set({ status: 'Ativa', proximaOcorrencia: proxima }).where(eq(recorrencias.id, id));
  }
  await gerarRecorrencia(tx, id, hoje);
};
