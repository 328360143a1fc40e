/**
 * Manual payables (*despesas*, DOMAIN.md §7; issue #6 item 1 "CRUD of despesas"): create
 * with installments, change one installment, delete (status Cancelada). Rules beyond
 * `despesaInputSchema` / `despesaUpdateSchema` (@petshop/shared/financeiro):
 * - references exist for the tenant/unit (category active and of kind despesa, supplier,
 *   method, account active): 400 on the field (`exigirReferencias`);
 * - create: one row per `parcelas[i]` through `criarDespesas` (the one writer of payables),
 *   sharing `grupoId` (= the first installment's id), `parcela` i+1 of n; `dataEmissao`
 *   default today in the unit; `id` (the client's uuid) is the first installment's: posting
 *   again answers it without creating anything (advisory lock on the id first);
 * - update / delete: only while EmAberto with nothing settled (400 otherwise); a purchase's
 *   payable keeps its value (400 `valor`) and is deleted by deleting the purchase (400).
 * Runs inside the caller's scoped transaction.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DespesaInputParsed, DespesaUpdateParsed } from '@petshop/shared/financeiro';
import { toCents } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { despesas } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { unidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { tituloNaoEncontrado } from './baixar-titulo.ts';
import { criarDespesas } from './despesas-ledger.ts';
import { exigirReferencias, exigirSemBaixa } from './titulos-repository.ts';

/** The message when a purchase's payable is deleted here. */
export const DESPESA_DE_COMPRA = 'Exclua ou cancele a compra';

/** POST /api/financeiro/despesas: creates the installments; answers the first one's id. */
export const criarDespesa = async (tx: Db, input: DespesaInputParsed): Promise<string> => {
  if (input.id) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.id}, 0))`);
    const [existente] = await tx.select({ id: despesas.id }).from(despesas).where(eq(despesas.id, input.id));
    if (existente) return existente.id;
  }
  await exigirReferencias(tx, 'despesa', input);
  const { hoje } = await unidadeAtual(tx);
  const primeiro = input.id ?? randomUUID();
  const total = input.parcelas.length;
  const ids = await criarDespesas(
    tx,
    input.parcelas.map((p, i) => ({
      id: i === 0 ? primeiro : randomUUID(),
      grupoId: primeiro,
      fornecedorId: input.fornecedorId ?? null,
      categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
      formaPagamentoId: input.formaPagamentoId ?? null,
      contaId: input.contaId ?? null,
      descricao: input.descricao,
      documento: input.documento ?? null,
      parcela: i + 1,
      totalParcelas: total,
      dataEmissao: input.dataEmissao ?? hoje,
      dataVencimento: p.dataVencimento,
      valor: p.valor,
      observacoes: input.observacoes ?? null,
    })),
  );
  return ids[0]!;
};

/** The payable locked for update, or 404. */
const travar = async (tx: Db, id: string) => {
  const [row] = await tx.select().from(despesas).where(eq(despesas.id, id)).for('update');
  if (!row) throw notFound(tituloNaoEncontrado('despesa'));
  return row;
};

/** PUT /api/financeiro/despesas/{id}: replaces the installment's fields (see the file's rules). */
export const atualizarDespesa = async (tx: Db, id: string, input: DespesaUpdateParsed): Promise<void> => {
  const atual = await travar(tx, id);
  exigirSemBaixa('despesa', atual, 'alterar');
  if (atual.compraId && toCents(input.valor) !== toCents(num(atual.valor)))
    throw fieldError('valor', 'O valor de uma conta de compra é alterado pela compra');
  await exigirReferencias(tx, 'despesa', input, {
    categoriaFinanceiraId: atual.categoriaFinanceiraId ?? undefined,
    formaPagamentoId: atual.formaPagamentoId ?? undefined,
    contaId: atual.contaId ?? undefined,
    fornecedorId: atual.fornecedorId ?? undefined,
  });
  await tx
    .update(despesas)
    .set({
      descricao: input.descricao,
      fornecedorId: input.fornecedorId ?? null,
      categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
      formaPagamentoId: input.formaPagamentoId ?? null,
      contaId: input.contaId ?? null,
      documento: input.documento ?? null,
      dataEmissao: input.dataEmissao ?? atual.dataEmissao,
      dataVencimento: input.dataVencimento,
      valor: input.valor.toFixed(2),
      observacoes: input.observacoes ?? null,
    })
    .where(eq(despesas.id, id));
};

/**
 * DELETE /api/financeiro/despesas/{id}: status Cancelada (kept for history). 400 for a
 * purchase's payable (DESPESA_DE_COMPRA) and when anything was settled; deleting a cancelled
 * one again changes nothing.
 */
export const excluirDespesa = async (tx: Db, id: string): Promise<void> => {
  const atual = await travar(tx, id);
  if (atual.compraId) throw badRequest(DESPESA_DE_COMPRA);
  if (atual.status === 'Cancelada') return;
  exigirSemBaixa('despesa', atual, 'excluir');
  await tx.update(despesas).set({ status: 'Cancelada' }).where(eq(despesas.id, id));
};
