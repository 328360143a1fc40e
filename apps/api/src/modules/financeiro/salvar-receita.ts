/**
 * Manual receivables (*receitas*, DOMAIN.md §7; issue #6 item 1 "the calls the screens need to
 * create and settle receivables"): a service billed later, a rent received… Create with
 * installments, change one installment, delete (status Cancelada). Rules beyond
 * `receitaInputSchema` / `receitaUpdateSchema` (@petshop/shared/financeiro):
 * - references exist for the tenant/unit (category active and of kind receita, customer,
 *   method, account active): 400 on the field;
 * - create: one row per `parcelas[i]`, sharing `grupoId` (= the first installment's id);
 *   `dataEmissao` default today; `id` (the client's uuid) is the first installment's:
 *   posting again answers it without creating anything;
 * - update / delete: only while EmAberto with nothing settled; a sale's receivable is changed
 *   only through the sale (400 'Receitas de vendas são alteradas pela venda').
 * Runs inside the caller's scoped transaction.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ReceitaInputParsed, ReceitaUpdateParsed } from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import { receitas } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { unidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { tituloNaoEncontrado } from './baixar-titulo.ts';
import { exigirReferencias, exigirSemBaixa } from './titulos-repository.ts';

/** The message when a sale's receivable is changed or deleted here. */
export const RECEITA_DE_VENDA = 'Receitas de vendas são alteradas pela venda';

/** POST /api/financeiro/receitas: creates the installments; answers the first one's id. */
export const criarReceita = async (tx: Db, input: ReceitaInputParsed): Promise<string> => {
  if (input.id) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.id}, 0))`);
    const [existente] = await tx.select({ id: receitas.id }).from(receitas).where(eq(receitas.id, input.id));
    if (existente) return existente.id;
  }
  await exigirReferencias(tx, 'receita', input);
  const { hoje } = await unidadeAtual(tx);
  const primeiro = input.id ?? randomUUID();
  const total = input.parcelas.length;
  await tx.insert(receitas).values(
    input.parcelas.map((p, i) => ({
      id: i === 0 ? primeiro : randomUUID(),
      grupoId: primeiro,
      pessoaId: input.pessoaId ?? null,
      categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
      formaPagamentoId: input.formaPagamentoId ?? null,
      contaId: input.contaId ?? null,
      descricao: input.descricao,
      documento: input.documento ?? null,
      parcela: i + 1,
      totalParcelas: total,
      dataEmissao: input.dataEmissao ?? hoje,
      dataVencimento: p.dataVencimento,
      valor: p.valor.toFixed(2),
      observacoes: input.observacoes ?? null,
      status: 'EmAberto',
    })),
  );
  return primeiro;
};

/** The receivable locked for update, or 404. */
const travar = async (tx: Db, id: string) => {
  const [row] = await tx.select().from(receitas).where(eq(receitas.id, id)).for('update');
  if (!row) throw notFound(tituloNaoEncontrado('receita'));
  return row;
};

/** PUT /api/financeiro/receitas/{id}: replaces the installment's fields (see the file's rules). */
export const atualizarReceita = async (tx: Db, id: string, input: ReceitaUpdateParsed): Promise<void> => {
  const atual = await travar(tx, id);
  if (atual.vendaId) throw badRequest(RECEITA_DE_VENDA);
  exigirSemBaixa('receita', atual, 'alterar');
  await exigirReferencias(tx, 'receita', input, {
    categoriaFinanceiraId: atual.categoriaFinanceiraId ?? undefined,
    formaPagamentoId: atual.formaPagamentoId ?? undefined,
    contaId: atual.contaId ?? undefined,
    pessoaId: atual.pessoaId ?? undefined,
  });
  await tx
    .update(receitas)
    .set({
      descricao: input.descricao,
      pessoaId: input.pessoaId ?? null,
      categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
      formaPagamentoId: input.formaPagamentoId ?? null,
      contaId: input.contaId ?? null,
      documento: input.documento ?? null,
      dataEmissao: input.dataEmissao ?? atual.dataEmissao,
      dataVencimento: input.dataVencimento,
      valor: input.valor.toFixed(2),
      observacoes: input.observacoes ?? null,
    })
    .where(eq(receitas.id, id));
};

/**
 * DELETE /api/financeiro/receitas/{id}: status Cancelada (kept for history). 400 for a sale's
 * receivable (RECEITA_DE_VENDA) and when anything was settled; deleting a cancelled one again
 * changes nothing.
 */
export const excluirReceita = async (tx: Db, id: string): Promise<void> => {
  const atual = await travar(tx, id);
  if (atual.vendaId) throw badRequest(RECEITA_DE_VENDA);
  if (atual.status === 'Cancelada') return;
  exigirSemBaixa('receita', atual, 'excluir');
  await tx.update(receitas).set({ status: 'Cancelada' }).where(eq(receitas.id, id));
};
