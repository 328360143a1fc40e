/**
 * Settlement (*baixa*) of a receivable or payable and its reversal (*cancelar baixa*),
 * DOMAIN.md §7, issue #6 item 2, rules of `baixaInputSchema` / `cancelarBaixaInputSchema`
 * (@petshop/shared/financeiro). The one place that settles títulos: the PATCH …/baixa calls,
 * the confirmation of card/PIX receipts and the demo seeder go through here.
 *
 * A settlement settles `valor` of the principal and moves `total` = valor + juros + multa −
 * desconto − taxa through an account, as ONE ledger entry (`lancarMovimentoFinanceiro`):
 * receita +total ('baixa_receita'), despesa −total ('baixa_despesa'), origemId = the baixa.
 * A total of 0 (fully discounted) writes no entry. The título keeps `valor_pago` (principal
 * settled), `status` (`statusTitulo`) and `data_baixa` (last payment day once Baixada).
 * A reversal keeps the baixa row (estornada_em) and writes the opposite entry, dated today.
 *
 * Concurrency: the título row is locked `for update` first, so two clicks or two users
 * settle the same money once; a repeated `chave` answers the baixa already made.
 * Runs inside the caller's scoped transaction (RLS: other units' títulos are 404).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  statusTitulo,
  totalBaixa,
  valorEmAberto,
  type BaixaInputParsed,
  type StatusFinanceiro,
} from '@petshop/shared/financeiro';
import { formatMoney, fromCents, toCents } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { num, queryRows } from '../../db/rows.ts';
import { baixasFinanceiras, contas, despesas, formasPagamento, receitas } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { findContaDestino, lancarMovimentoFinanceiro } from './contas-ledger.ts';

/** Which kind of título: a receivable (*receita*) or a payable (*despesa*). */
export type TipoTitulo = 'receita' | 'despesa';

/** The 404 message of a título of `tipo`. */
export const tituloNaoEncontrado = (tipo: TipoTitulo): string =>
  tipo === 'receita' ? 'Receita não encontrada' : 'Despesa não encontrada';

/** The row of a título as the settlement engine reads it (money as numbers, reais). */
export type LockedTitulo = {
  id: string;
  descricao: string;
  status: StatusFinanceiro;
  parcela: number;
  totalParcelas: number;
  valor: number;
  valorPago: number;
  /** Receivables: the method's fee for the whole título; payables: 0. */
  valorTaxa: number;
  categoriaFinanceiraId: string | null;
  formaPagamentoId: string | null;
  contaId: string | null;
  dataEmissao: string;
  dataVencimento: string;
};

const tabela = (tipo: TipoTitulo) => (tipo === 'receita' ? receitas : despesas);
const colunaTitulo = (tipo: TipoTitulo) => (tipo === 'receita' ? baixasFinanceiras.receitaId : baixasFinanceiras.despesaId);

/** Locks título `id` of `tipo` for update and reads it; 404 outside the unit. */
export const lockTitulo = async (tx: Db, tipo: TipoTitulo, id: string): Promise<LockedTitulo> => {
  const taxa = tipo === 'receita' ? sql`valor_taxa` : sql`0`;
  const [row] = await queryRows<{
    id: string;
    descricao: string;
    status: string;
    parcela: number;
    total_parcelas: number;
    valor: string;
    valor_pago: string;
    valor_taxa: string;
    categoria_financeira_id: string | null;
    forma_pagamento_id: string | null;
    conta_id: string | null;
    data_emissao: string;
    data_vencimento: string;
  }>(
    tx,
    sql`select id, descricao, status, parcela, total_parcelas, valor, valor_pago, ${taxa} as valor_taxa,
          categoria_financeira_id, forma_pagamento_id, conta_id,
          to_char(data_emissao, 'YYYY-MM-DD') as data_emissao, to_char(data_vencimento, 'YYYY-MM-DD') as data_vencimento
        from ${tabela(tipo)} where id = ${id} for update`,
  );
  if (!row) throw notFound(tituloNaoEncontrado(tipo));
  return {
    id: row.id,
    descricao: row.descricao,
    status: row.status as StatusFinanceiro,
    parcela: Number(row.parcela),
    totalParcelas: Number(row.total_parcelas),
    valor: num(row.valor),
    valorPago: num(row.valor_pago),
    valorTaxa: num(row.valor_taxa),
    categoriaFinanceiraId: row.categoria_financeira_id,
    formaPagamentoId: row.forma_pagamento_id,
    contaId: row.conta_id,
    dataEmissao: row.data_emissao,
    dataVencimento: row.data_vencimento,
  };
};

/** 'Pagamento: Aluguel (2/3)' / 'Recebimento: Venda nº 12 – parcela 1/3' (no repeated installment). */
const descricaoMovimento = (tipo: TipoTitulo, t: LockedTitulo, estorno: boolean): string => {
  const acao = tipo === 'receita' ? 'Recebimento' : 'Pagamento';
  const parcela = `${t.parcela}/${t.totalParcelas}`;
  const sufixo = t.totalParcelas > 1 && !t.descricao.includes(parcela) ? ` (${parcela})` : '';
  return `${estorno ? `Estorno de ${acao.toLowerCase()}` : acao}: ${t.descricao}${sufixo}`.slice(0, 300);
};

/** An active account of the unit, or null. */
const contaAtiva = async (tx: Db, contaId: string): Promise<string | null> => {
  const [row] = await tx
    .select({ id: contas.id })
    .from(contas)
    .where(and(eq(contas.id, contaId), eq(contas.ativo, true)));
  return row?.id ?? null;
};

/**
 * The account of a settlement: the one sent (400 `contaId` when unknown or inactive in the
 * unit), else the título's when active, else the payment method's destination / the unit's
 * first bank account / its cash account (`findContaDestino`). 400 `contaId` when the unit has none.
 */
export const contaDaBaixa = async (
  tx: Db,
  enviada: string | undefined,
  titulo: { contaId: string | null },
  formaPagamentoId: string | null,
): Promise<string> => {
  if (enviada) {
    const id = await contaAtiva(tx, enviada);
    if (!id) throw fieldError('contaId', 'Conta não encontrada ou inativa nesta unidade');
    return id;
  }
  if (titulo.contaId) {
    const id = await contaAtiva(tx, titulo.contaId);
    if (id) return id;
  }
  let destinoDaForma: string | null = null;
  if (formaPagamentoId) {
    const [forma] = await tx
      .select({ contaDestinoId: formasPagamento.contaDestinoId })
      .from(formasPagamento)
      .where(eq(formasPagamento.id, formaPagamentoId));
    destinoDaForma = forma?.contaDestinoId ?? null;
  }
  const id = await findContaDestino(tx, destinoDaForma);
  if (!id) throw fieldError('contaId', 'Cadastre uma conta ativa nesta unidade para registrar a baixa');
  return id;
};

/** Σ of the fee of the título's active settlements (cents). */
const taxaJaBaixada = async (tx: Db, tipo: TipoTitulo, id: string): Promise<number> => {
  const [row] = await tx
    .select({ taxa: sql<string>`coalesce(sum(${baixasFinanceiras.taxa}), 0)` })
    .from(baixasFinanceiras)
    .where(and(eq(colunaTitulo(tipo), id), isNull(baixasFinanceiras.estornadaEm)));
  return toCents(num(row?.taxa));
};

/**
 * The fee a receivable's settlement of `valor` bears when none is sent: the título's fee in
 * proportion to valor / título valor (cents, rounded); the settlement that closes the título
 * takes what is left of the fee, so the fees of partial settlements add up to `valor_taxa`.
 */
const taxaProporcional = async (tx: Db, tipo: TipoTitulo, t: LockedTitulo, valor: number, fecha: boolean): Promise<number> => {
  if (tipo !== 'receita' || t.valorTaxa <= 0 || t.valor <= 0) return 0;
  const taxaCents = toCents(t.valorTaxa);
  if (fecha) return fromCents(Math.max(0, taxaCents - (await taxaJaBaixada(tx, tipo, t.id))));
  return fromCents(Math.round((taxaCents * toCents(valor)) / toCents(t.valor)));
};

/** Recomputes `data_baixa`: the last active payment day once Baixada, else null. */
const dataBaixa = async (tx: Db, tipo: TipoTitulo, id: string, status: StatusFinanceiro): Promise<string | null> => {
  if (status !== 'Baixada') return null;
  const [row] = await tx
    .select({ data: max(baixasFinanceiras.dataPagamento) })
    .from(baixasFinanceiras)
    .where(and(eq(colunaTitulo(tipo), id), isNull(baixasFinanceiras.estornadaEm)));
  return row?.data ?? null;
};

const gravarTitulo = async (
  tx: Db,
  tipo: TipoTitulo,
  id: string,
  valorPago: number,
  status: StatusFinanceiro,
  data: string | null,
) => {
  const set = { valorPago: valorPago.toFixed(2), status, dataBaixa: data };
  if (tipo === 'receita') await tx.update(receitas).set(set).where(eq(receitas.id, id));
  else await tx.update(despesas).set(set).where(eq(despesas.id, id));
};

/**
 * Settles título `id` (see baixaInputSchema's docstring). Answers the baixa's id (the existing
 * one when `chave` repeats).
 *
 * Errors (400 unless said): 404 título outside the unit; Cancelada (general); `chave` used by
 * another título; `dataPagamento` after today in the unit; `valor` above what is open ('Valor
 * maior que o saldo em aberto de R$ x,xx'); `formaPagamentoId` unknown; `contaId` unknown or
 * inactive; `desconto` when the total would be negative; `taxa` on a payable.
 */
export const baixarTitulo = async (
  tx: Db,
  tipo: TipoTitulo,
  id: string,
  input: BaixaInputParsed,
  usuarioId: string,
): Promise<string> => {
  const titulo = await lockTitulo(tx, tipo, id);

  if (input.chave) {
    // After the lock: a repetition that waited for the first one sees its baixa here.
    const [repetida] = await tx
      .select({ id: baixasFinanceiras.id, receitaId: baixasFinanceiras.receitaId, despesaId: baixasFinanceiras.despesaId })
      .from(baixasFinanceiras)
      .where(eq(baixasFinanceiras.chave, input.chave));
    if (repetida) {
      if ((tipo === 'receita' ? repetida.receitaId : repetida.despesaId) !== id)
        throw fieldError('chave', 'Esta chave já foi usada em outra baixa');
      return repetida.id;
    }
  }

  if (titulo.status === 'Cancelada')
    throw badRequest(`${tipo === 'receita' ? 'Receita cancelada' : 'Despesa cancelada'} não pode ser baixada`);

  const unidade = await getUnidadeAtual(tx);
  const dataPagamento = input.dataPagamento ?? unidade.hoje;
  if (dataPagamento > unidade.hoje) throw fieldError('dataPagamento', 'Data de pagamento não pode ser posterior a hoje');

  const aberto = valorEmAberto(titulo);
  if (toCents(aberto) <= 0)
    throw fieldError('valor', `${tipo === 'receita' ? 'Receita' : 'Despesa'} já baixada: não há saldo em aberto`);
  const valor = input.valor ?? aberto;
  if (toCents(valor) > toCents(aberto)) throw fieldError('valor', `Valor maior que o saldo em aberto de ${formatMoney(aberto)}`);
  if (tipo === 'despesa' && input.taxa !== undefined && input.taxa > 0)
    throw fieldError('taxa', 'Taxa só se aplica a recebimentos de cartão e PIX');

  const fecha = toCents(valor) === toCents(aberto);
  const taxa = input.taxa ?? (await taxaProporcional(tx, tipo, titulo, valor, fecha));
  const valores = { valor, juros: input.juros, multa: input.multa, desconto: input.desconto, taxa };
  const total = totalBaixa(valores);
  if (total < 0) throw fieldError('desconto', 'Desconto e taxa não podem passar do valor pago');

  const formaPagamentoId = input.formaPagamentoId ?? titulo.formaPagamentoId;
  if (input.formaPagamentoId) {
    const [forma] = await tx
      .select({ id: formasPagamento.id })
      .from(formasPagamento)
      .where(eq(formasPagamento.id, input.formaPagamentoId));
    if (!forma) throw fieldError('formaPagamentoId', 'Forma de pagamento não encontrada');
  }
  const contaId = await contaDaBaixa(tx, input.contaId, titulo, formaPagamentoId);

  const baixaId = randomUUID();
  const movimentacaoId =
    toCents(total) === 0
      ? null
      : await lancarMovimentoFinanceiro(tx, {
          contaId,
          data: dataPagamento,
          valor: tipo === 'receita' ? total : -total,
          descricao: descricaoMovimento(tipo, titulo, false),
          origem: tipo === 'receita' ? 'baixa_receita' : 'baixa_despesa',
          origemId: baixaId,
          categoriaFinanceiraId: titulo.categoriaFinanceiraId,
          usuarioId,
        });
  await tx.insert(baixasFinanceiras).values({
    id: baixaId,
    receitaId: tipo === 'receita' ? id : null,
    despesaId: tipo === 'despesa' ? id : null,
    chave: input.chave ?? null,
    dataPagamento,
    valor: valor.toFixed(2),
    juros: input.juros.toFixed(2),
    multa: input.multa.toFixed(2),
    desconto: input.desconto.toFixed(2),
    taxa: taxa.toFixed(2),
    total: total.toFixed(2),
    contaId,
    formaPagamentoId,
    movimentacaoId,
    observacoes: input.observacoes ?? null,
    usuarioId,
  });

  const valorPago = fromCents(toCents(titulo.valorPago) + toCents(valor));
  const status = statusTitulo(titulo.valor, valorPago);
  await gravarTitulo(tx, tipo, id, valorPago, status, await dataBaixa(tx, tipo, id, status));
  return baixaId;
};

/**
 * Reverses settlement `baixaId` of título `id`, or all its active settlements when undefined.
 * Answers how many were reversed (0 when already reversed). Each gets the opposite ledger
 * entry dated today in the unit ('estorno_baixa_receita' / 'estorno_baixa_despesa'), is marked
 * reversed (estornada_em, estornada_por_id, estorno_movimentacao_id) and the título's
 * valor_pago, status and data_baixa are recomputed. 404 for a título outside the unit or a
 * baixa that is not the título's; 400 `contaId` when the settlement's account was deactivated.
 * Audit (issue #22 item 4): a reversal that reversed something records one `PagamentoEstornado`
 * (entidade 'receita'/'despesa', the título's id) in the same transaction; a repeated one
 * (nothing left to reverse) records nothing.
 */
export const cancelarBaixa = async (
  tx: Db,
  tipo: TipoTitulo,
  id: string,
  baixaId: string | undefined,
  usuarioId: string,
): Promise<number> => {
  const titulo = await lockTitulo(tx, tipo, id);
  const coluna = colunaTitulo(tipo);
  if (baixaId) {
    const [baixa] = await tx
      .select({ id: baixasFinanceiras.id })
      .from(baixasFinanceiras)
      .where(and(eq(baixasFinanceiras.id, baixaId), eq(coluna, id)));
    if (!baixa) throw notFound('Baixa não encontrada');
  }
  const ativas = await tx
    .select()
    .from(baixasFinanceiras)
    .where(and(eq(coluna, id), isNull(baixasFinanceiras.estornadaEm), baixaId ? eq(baixasFinanceiras.id, baixaId) : undefined))
    .orderBy(desc(baixasFinanceiras.createdAt))
    .for('update');
  if (ativas.length === 0) return 0;

  const unidade = await getUnidadeAtual(tx);
  let estornado = 0;
  for (const b of ativas) {
    const total = num(b.total);
    const estornoId =
      toCents(total) === 0
        ? null
        : await lancarMovimentoFinanceiro(tx, {
            contaId: b.contaId,
            data: unidade.hoje,
            valor: tipo === 'receita' ? -total : total,
            descricao: descricaoMovimento(tipo, titulo, true),
            origem: tipo === 'receita' ? 'estorno_baixa_receita' : 'estorno_baixa_despesa',
            origemId: b.id,
            categoriaFinanceiraId: titulo.categoriaFinanceiraId,
            usuarioId,
          });
    await tx
      .update(baixasFinanceiras)
      .set({ estornadaEm: sql`now()`, estornadaPorId: usuarioId, estornoMovimentacaoId: estornoId })
      .where(eq(baixasFinanceiras.id, b.id));
    estornado += toCents(num(b.valor));
  }
  const valorPago = fromCents(Math.max(0, toCents(titulo.valorPago) - estornado));
  const status = titulo.status === 'Cancelada' ? 'Cancelada' : statusTitulo(titulo.valor, valorPago);
  await gravarTitulo(tx, tipo, id, valorPago, status, await dataBaixa(tx, tipo, id, status));
  await registrarEstorno(tx, tipo, titulo, ativas, { valorPago, status });
  return ativas.length;
};

/**
 * The `PagamentoEstornado` event of a reversal of `baixas` of `titulo`: "Baixa de R$ 100,00
 * (PIX) da receita "Banho – parcela 1/3" estornada" (several: "2 baixas, total R$ 150,00, …").
 * antes: the título's valorPago/status and the settlements reversed (reais); depois: the
 * título's valorPago/status after.
 */
const registrarEstorno = async (
  tx: Db,
  tipo: TipoTitulo,
  titulo: LockedTitulo,
  baixas: readonly (typeof baixasFinanceiras.$inferSelect)[],
  depois: { valorPago: number; status: StatusFinanceiro },
): Promise<void> => {
  const formaIds = [...new Set(baixas.flatMap((b) => (b.formaPagamentoId ? [b.formaPagamentoId] : [])))];
  const formas =
    formaIds.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await tx
              .select({ id: formasPagamento.id, nome: formasPagamento.nome })
              .from(formasPagamento)
              .where(inArray(formasPagamento.id, formaIds))
          ).map((f) => [f.id, f.nome] as const),
        );
  const nomeForma = (id: string | null) => (id ? (formas.get(id) ?? null) : null);
  const total = fromCents(baixas.reduce((soma, b) => soma + toCents(num(b.total)), 0));
  const nomesFormas = [...new Set(baixas.map((b) => nomeForma(b.formaPagamentoId) ?? 'sem forma de pagamento'))].join(', ');
  const doTitulo = `da ${tipo} "${titulo.descricao}"`;
  const descricao =
    baixas.length === 1
      ? `Baixa de ${formatMoney(total)} (${nomesFormas}) ${doTitulo} estornada`
      : `${baixas.length} baixas, total ${formatMoney(total)} (${nomesFormas}), ${doTitulo} estornadas`;
  await registrarAuditoria(tx, {
    acao: 'PagamentoEstornado',
    entidade: tipo,
    entidadeId: titulo.id,
    descricao: descricao.slice(0, 500),
    antes: {
      valorPago: titulo.valorPago,
      status: titulo.status,
      baixas: baixas.map((b) => ({
        id: b.id,
        dataPagamento: b.dataPagamento,
        valor: num(b.valor),
        total: num(b.total),
        formaPagamento: nomeForma(b.formaPagamentoId),
      })),
    },
    depois: { valorPago: depois.valorPago, status: depois.status },
  });
};

/** Ids of the títulos among `ids` of `tipo` visible in the unit. */
export const listTitulosExistentes = async (tx: Db, tipo: TipoTitulo, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const t = tabela(tipo);
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(inArray(t.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};
