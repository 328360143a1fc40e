/**
 * Creates, updates and deletes the selected unit's financial accounts (DOMAIN.md §7). The
 * unit comes from the scope (the column's default) and RLS keeps other units' accounts out
 * of reach. Names are unique per unit ignoring case and accents (contas_unidade_nome_idx,
 * message in plugins/errors.ts). An account with ledger entries, receivables or register
 * transfers, or the destination of a payment method, cannot be deleted: deactivate it.
 */
import { eq } from 'drizzle-orm';
import type { ContaInputParsed } from '@petshop/shared/conta';
import type { Db } from '../../db/client.ts';
import { contas, formasPagamento, movimentacoesCaixa, movimentacoesFinanceiras, receitas } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { deleteIfUnused } from './delete-if-unused.ts';

const NOT_FOUND = 'Conta não encontrada';
export const CONTA_EM_USO =
  'Esta conta tem movimentações ou receitas e não pode ser excluída. Desative-a para que não seja mais usada.';
export const CONTA_DESTINO_DE_FORMA =
  'Esta conta é a conta de destino de uma forma de pagamento e não pode ser excluída. Troque a conta da forma de pagamento ou desative esta conta.';

const values = (input: ContaInputParsed) => ({
  nome: input.nome,
  tipo: input.tipo,
  banco: input.banco ?? null,
  agencia: input.agencia ?? null,
  numeroConta: input.numeroConta ?? null,
  saldoInicial: input.saldoInicial.toFixed(2),
  ativo: input.ativo,
});

export const criarConta = async (tx: Db, input: ContaInputParsed): Promise<string> => {
  const [row] = await tx.insert(contas).values(values(input)).returning({ id: contas.id });
  return row!.id;
};

export const alterarConta = async (tx: Db, id: string, input: ContaInputParsed): Promise<void> => {
  const updated = await tx.update(contas).set(values(input)).where(eq(contas.id, id)).returning({ id: contas.id });
  if (updated.length === 0) throw notFound(NOT_FOUND);
};

export const excluirConta = async (tx: Db, id: string): Promise<void> => {
  const [atual] = await tx.select({ id: contas.id }).from(contas).where(eq(contas.id, id));
  if (!atual) throw notFound(NOT_FOUND);
  const [movimento] = await tx
    .select({ id: movimentacoesFinanceiras.id })
    .from(movimentacoesFinanceiras)
    .where(eq(movimentacoesFinanceiras.contaId, id))
    .limit(1);
  const [receita] = await tx.select({ id: receitas.id }).from(receitas).where(eq(receitas.contaId, id)).limit(1);
  const [transferencia] = await tx
    .select({ id: movimentacoesCaixa.id })
    .from(movimentacoesCaixa)
    .where(eq(movimentacoesCaixa.contaId, id))
    .limit(1);
  if (movimento || receita || transferencia) throw badRequest(CONTA_EM_USO);
  const [forma] = await tx
    .select({ id: formasPagamento.id })
    .from(formasPagamento)
    .where(eq(formasPagamento.contaDestinoId, id))
    .limit(1);
  if (forma) throw badRequest(CONTA_DESTINO_DE_FORMA);
  await deleteIfUnused(() => tx.delete(contas).where(eq(contas.id, id)), CONTA_EM_USO);
};
