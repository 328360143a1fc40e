/**
 * Customer credit ledger (DOMAIN.md §7 "Crédito do cliente"): credits from deposits and
 * returns, debits when used in sales; the balance is the sum. Shared by the credit calls, the
 * register's crédito-cliente movement, the till and returns.
 *
 * A debit locks the customer's row first, so two tills spending the same credit at once are
 * serialised and the second sees the first's debit: the balance never goes below zero.
 */
import { eq, sql } from 'drizzle-orm';
import type { OrigemCreditoCliente } from '@petshop/shared/credito-cliente';
import { formatMoney } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { creditoClienteLancamentos } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/** 'deposito' | 'devolucao' | 'venda' | 'estorno_venda' | 'ajuste' (labels in the shared contract). */
export type { OrigemCreditoCliente };

/** The customer's credit balance (reais). */
export const getSaldoCreditoCliente = async (tx: Db, pessoaId: string): Promise<number> => {
  const [row] = await tx
    .select({ saldo: sql<string>`coalesce(sum(${creditoClienteLancamentos.valor}), 0)` })
    .from(creditoClienteLancamentos)
    .where(eq(creditoClienteLancamentos.pessoaId, pessoaId));
  return Number(row?.saldo ?? 0);
};

export type NovoLancamentoCredito = {
  pessoaId: string;
  /** Signed reais: + credit, − debit. */
  valor: number;
  origem: OrigemCreditoCliente;
  origemId?: string | null;
  descricao: string;
  usuarioId: string;
};

/**
 * Writes one entry. Debits lock the customer and are refused (400 on `campo`, default
 * generalErrors) when the balance does not cover them. 404 when the customer is not in the
 * tenant. Answers the new entry's id and the new balance.
 */
export const registrarCreditoCliente = async (
  tx: Db,
  l: NovoLancamentoCredito,
  campo?: string,
): Promise<{ id: string; saldo: number }> => {
  const [pessoa] = await queryRows<{ id: string }>(tx, sql`select id from pessoas where id = ${l.pessoaId} for update`);
  if (!pessoa) throw notFound('Cliente não encontrado');
  const saldo = await getSaldoCreditoCliente(tx, l.pessoaId);
  if (l.valor < 0 && saldo + l.valor < -0.001) {
    const message = `Crédito insuficiente: o cliente tem ${formatMoney(saldo)} de crédito`;
    throw campo ? badRequest({ [campo]: [message] }) : badRequest(message);
  }
  const [row] = await tx
    .insert(creditoClienteLancamentos)
    .values({
      pessoaId: l.pessoaId,
      unidadeNegocioId: sql`${currentUnidadeNegocioId}`,
      valor: l.valor.toFixed(2),
      origem: l.origem,
      origemId: l.origemId ?? null,
      descricao: l.descricao,
      usuarioId: l.usuarioId,
    })
    .returning({ id: creditoClienteLancamentos.id });
  return { id: row!.id, saldo: Math.round((saldo + l.valor) * 100) / 100 };
};

/** `registrarCreditoCliente` answering only the new balance (reais). */
export const lancarCreditoCliente = async (tx: Db, l: NovoLancamentoCredito, campo?: string): Promise<number> =>
  (await registrarCreditoCliente(tx, l, campo)).saldo;
