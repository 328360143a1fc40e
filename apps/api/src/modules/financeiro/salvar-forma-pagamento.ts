/**
 * Creates, updates and deletes payment methods (DOMAIN.md §7) in the caller's tenant scope.
 * Names are unique per tenant ignoring case and accents (index formas_pagamento_tenant_nome_idx,
 * message in plugins/errors.ts). The destination account must be an account of the selected
 * unit (RLS hides the others); a method that keeps the account it already had is not checked
 * again, so another unit can edit it. A method used by sale payments, register movements or
 * receivables cannot be deleted: deactivate it instead.
 */
import { eq } from 'drizzle-orm';
import type { FormaPagamentoInputParsed } from '@petshop/shared/forma-pagamento';
import type { Db } from '../../db/client.ts';
import { contas, formasPagamento, movimentacoesCaixa, receitas, vendaFinanceiros } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { deleteIfUnused } from './delete-if-unused.ts';

const NOT_FOUND = 'Forma de pagamento não encontrada';
export const FORMA_EM_USO =
  'Esta forma de pagamento já foi usada em vendas, caixas ou receitas e não pode ser excluída. Desative-a para que não seja mais oferecida.';

const assertContaDestino = async (tx: Db, contaDestinoId: string | undefined, atual: string | null = null) => {
  if (!contaDestinoId || contaDestinoId === atual) return;
  const [conta] = await tx.select({ ativo: contas.ativo }).from(contas).where(eq(contas.id, contaDestinoId));
  if (!conta) throw fieldError('contaDestinoId', 'Conta de destino não encontrada nesta unidade');
  if (!conta.ativo) throw fieldError('contaDestinoId', 'A conta de destino está inativa');
};

const values = (input: FormaPagamentoInputParsed) => ({
  nome: input.nome,
  tipo: input.tipo,
  taxaPercentual: input.taxaPercentual.toFixed(4),
  diasRecebimento: input.diasRecebimento,
  maxParcelas: input.maxParcelas,
  contaDestinoId: input.contaDestinoId ?? null,
  adquirente: input.adquirente ?? null,
  adquirenteCnpj: input.adquirenteCnpj ?? null,
  ativo: input.ativo,
});

export const criarFormaPagamento = async (tx: Db, input: FormaPagamentoInputParsed): Promise<string> => {
  await assertContaDestino(tx, input.contaDestinoId);
  const [row] = await tx.insert(formasPagamento).values(values(input)).returning({ id: formasPagamento.id });
  return row!.id;
};

export const alterarFormaPagamento = async (tx: Db, id: string, input: FormaPagamentoInputParsed): Promise<void> => {
  const [atual] = await tx
    .select({ contaDestinoId: formasPagamento.contaDestinoId })
    .from(formasPagamento)
    .where(eq(formasPagamento.id, id));
  if (!atual) throw notFound(NOT_FOUND);
  await assertContaDestino(tx, input.contaDestinoId, atual.contaDestinoId);
  await tx.update(formasPagamento).set(values(input)).where(eq(formasPagamento.id, id));
};

export const excluirFormaPagamento = async (tx: Db, id: string): Promise<void> => {
  const [atual] = await tx.select({ id: formasPagamento.id }).from(formasPagamento).where(eq(formasPagamento.id, id));
  if (!atual) throw notFound(NOT_FOUND);
  // Uses in the selected unit are seen here; uses in other units by the foreign keys.
  const [pagamento] = await tx
    .select({ id: vendaFinanceiros.id })
    .from(vendaFinanceiros)
    .where(eq(vendaFinanceiros.formaPagamentoId, id))
    .limit(1);
  const [movimento] = await tx
    .select({ id: movimentacoesCaixa.id })
    .from(movimentacoesCaixa)
    .where(eq(movimentacoesCaixa.formaPagamentoId, id))
    .limit(1);
  const [receita] = await tx.select({ id: receitas.id }).from(receitas).where(eq(receitas.formaPagamentoId, id)).limit(1);
  if (pagamento || movimento || receita) throw badRequest(FORMA_EM_USO);
  await deleteIfUnused(() => tx.delete(formasPagamento).where(eq(formasPagamento.id, id)), FORMA_EM_USO);
};
