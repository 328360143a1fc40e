/**
 * Finance settings resources under /api/financeiro (spec §7 "Finance", DOMAIN.md §7, issue #4
 * item 1), each list, create, get, update and delete through lib/crud-routes.ts:
 * - formas-pagamento: read by the till too (any of vendas, caixa, financeiro, orcamentos);
 * - contas: the selected unit's accounts with their balance (any of financeiro, caixa);
 * - categorias-financeiro: the income/expense tree (any of financeiro, caixa).
 * Writing needs `financeiro`. Delete is refused (400) while the row is in use: deactivate it.
 */
import {
  categoriaFinanceiraInputSchema,
  categoriaFinanceiraSchema,
  listCategoriasFinanceirasQuerySchema,
} from '@petshop/shared/categoria-financeira';
import { contaInputSchema, contaSchema, listContasQuerySchema } from '@petshop/shared/conta';
import { formaPagamentoInputSchema, formaPagamentoSchema, listFormasPagamentoQuerySchema } from '@petshop/shared/forma-pagamento';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { findCategoriaFinanceira, listCategoriasFinanceiras } from './categorias-financeiras-repository.ts';
import { findConta, listContas } from './contas-repository.ts';
import { findFormaPagamento, listFormasPagamento } from './formas-pagamento-repository.ts';
import {
  criarCategoriaFinanceira,
  excluirCategoriaFinanceira,
  alterarCategoriaFinanceira,
} from './salvar-categoria-financeira.ts';
import { criarConta, excluirConta, alterarConta } from './salvar-conta.ts';
import { criarFormaPagamento, excluirFormaPagamento, alterarFormaPagamento } from './salvar-forma-pagamento.ts';

const tag = 'financeiro';

export const formasPagamentoRoutes = crudRoutes({
  tag,
  permissions: {
    read: [PERMISSOES.financeiro, PERMISSOES.vendas, PERMISSOES.caixa, PERMISSOES.orcamentos],
    write: PERMISSOES.financeiro,
  },
  names: { singular: 'forma de pagamento', plural: 'formas de pagamento' },
  notFoundMessage: 'Forma de pagamento não encontrada',
  schemas: { item: formaPagamentoSchema, input: formaPagamentoInputSchema, listQuery: listFormasPagamentoQuerySchema },
  list: listFormasPagamento,
  find: findFormaPagamento,
  create: criarFormaPagamento,
  update: alterarFormaPagamento,
  remove: excluirFormaPagamento,
  details: {
    list: 'busca por nome sem acentos; filtros ativo e tipo; taxa em %, diasRecebimento = D+N',
    delete: 'recusado se usada em vendas, caixas ou receitas: desative-a',
  },
});

export const contasRoutes = crudRoutes({
  tag,
  permissions: { read: [PERMISSOES.financeiro, PERMISSOES.caixa], write: PERMISSOES.financeiro },
  names: { singular: 'conta', plural: 'contas da unidade selecionada' },
  notFoundMessage: 'Conta não encontrada',
  schemas: { item: contaSchema, input: contaInputSchema, listQuery: listContasQuerySchema },
  list: listContas,
  find: findConta,
  create: criarConta,
  update: alterarConta,
  remove: excluirConta,
  details: {
    list: 'busca por nome ou banco; filtros ativo e tipo; saldo = saldo inicial + movimentações, em reais',
    delete: 'recusado se tem movimentações, receitas ou é conta de destino de uma forma de pagamento: desative-a',
  },
});

export const categoriasFinanceirasRoutes = crudRoutes({
  tag,
  permissions: { read: [PERMISSOES.financeiro, PERMISSOES.caixa], write: PERMISSOES.financeiro },
  names: { singular: 'categoria financeira', plural: 'categorias financeiras' },
  notFoundMessage: 'Categoria não encontrada',
  schemas: {
    item: categoriaFinanceiraSchema,
    input: categoriaFinanceiraInputSchema,
    listQuery: listCategoriasFinanceirasQuerySchema,
  },
  list: listCategoriasFinanceiras,
  find: findCategoriaFinanceira,
  create: criarCategoriaFinanceira,
  update: alterarCategoriaFinanceira,
  remove: excluirCategoriaFinanceira,
  details: {
    list: 'em ordem de árvore, com o caminho; busca opcional por nome; filtros tipo e ativo',
    delete: 'recusado se usada em lançamentos ou com subcategorias: desative-a',
  },
});
