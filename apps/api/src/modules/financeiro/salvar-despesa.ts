/**
 * Manual payables (*despesas*, DOMAIN.md §7; issue #6 item 1 "CRUD of despesas"): create
 * with installments, change one installment, delete (status Cancelada), by the shared rules of
 * salvar-titulo.ts beyond `despesaInputSchema` / `despesaUpdateSchema` (@petshop/shared/financeiro):
 * category of kind despesa, the supplier (`fornecedorId`) of the tenant; rows written through
 * `criarDespesas` (the one writer of payables); a purchase's payable keeps its value (400
 * `valor`) and is deleted by deleting the purchase (400 DESPESA_DE_COMPRA).
 * Runs inside the caller's scoped transaction.
 */
import { despesas } from '../../db/schema/index.ts';
import { criarDespesas } from './despesas-ledger.ts';
import { titulosWriter } from './salvar-titulo.ts';

/** The message when a purchase's payable is deleted here. */
export const DESPESA_DE_COMPRA = 'Exclua ou cancele a compra';

/**
 * `criarDespesa` (POST /api/financeiro/despesas: creates the installments, answers the first
 * one's id), `alterarDespesa` (PUT …/{id}: replaces the installment's fields) and
 * `excluirDespesa` (DELETE …/{id}: status Cancelada, kept for history; 400 for a purchase's
 * payable (DESPESA_DE_COMPRA) and when anything was settled; a cancelled one again changes nothing).
 */
export const {
  criar: criarDespesa,
  alterar: alterarDespesa,
  excluir: excluirDespesa,
} = titulosWriter({
  tipo: 'despesa',
  tabela: despesas,
  pessoa: { campo: 'fornecedorId', coluna: despesas.fornecedorId },
  inserir: (tx, parcelas, fornecedorId) =>
    criarDespesas(
      tx,
      parcelas.map((p) => ({ ...p, fornecedorId })),
    ),
  origem: { coluna: despesas.compraId, mensagem: DESPESA_DE_COMPRA },
  valorDaOrigem: 'O valor de uma conta de compra é alterado pela compra',
});
