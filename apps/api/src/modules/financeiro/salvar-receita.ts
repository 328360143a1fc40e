/**
 * Manual receivables (*receitas*, DOMAIN.md §7; issue #6 item 1 "the calls the screens need to
 * create and settle receivables"): a service billed later, a rent received… Create with
 * installments, change one installment, delete (status Cancelada), by the shared rules of
 * salvar-titulo.ts beyond `receitaInputSchema` / `receitaUpdateSchema` (@petshop/shared/financeiro):
 * category of kind receita, the customer (`pessoaId`) of the tenant; a sale's receivable is
 * changed and deleted only through the sale (400 RECEITA_DE_VENDA).
 * Runs inside the caller's scoped transaction.
 */
import { receitas } from '../../db/schema/index.ts';
import { titulosWriter } from './salvar-titulo.ts';

/** The message when a sale's receivable is changed or deleted here. */
export const RECEITA_DE_VENDA = 'Receitas de vendas são alteradas pela venda';

/**
 * `criarReceita` (POST /api/financeiro/receitas: creates the installments, answers the first
 * one's id), `alterarReceita` (PUT …/{id}: replaces the installment's fields) and
 * `excluirReceita` (DELETE …/{id}: status Cancelada, kept for history; 400 for a sale's
 * receivable (RECEITA_DE_VENDA) and when anything was settled; a cancelled one again changes nothing).
 */
export const {
  criar: criarReceita,
  alterar: alterarReceita,
  excluir: excluirReceita,
} = titulosWriter({
  tipo: 'receita',
  tabela: receitas,
  pessoa: { campo: 'pessoaId', coluna: receitas.pessoaId },
  inserir: (tx, parcelas, pessoaId) =>
    tx.insert(receitas).values(parcelas.map((p) => ({ ...p, pessoaId, valor: p.valor.toFixed(2), status: 'EmAberto' as const }))),
  origem: { coluna: receitas.vendaId, mensagem: RECEITA_DE_VENDA },
});
