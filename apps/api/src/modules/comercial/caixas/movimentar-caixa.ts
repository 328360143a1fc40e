/**
 * The register's own movements (DOMAIN.md §6 "Caixa"; spec §7 POST /caixas/{id}/sangria,
 * /suprimento, /despesa, /credito-cliente, /transferencia). Each runs in the request's one
 * transaction and answers the movement's id:
 *
 * - sangria: cash out (a withdrawal to the safe), never more than the cash in the drawer;
 * - suprimento: cash in (change money brought to the drawer);
 * - despesa: an expense paid with the drawer's cash (category of kind despesa, optional),
 *   never more than the cash in the drawer;
 * - crédito-cliente: a customer deposits credit: the money enters the register by the given
 *   method (default cash) and the customer's credit ledger gets +valor, origem 'deposito'
 *   (DOMAIN.md §7 "Crédito do cliente");
 * - transferência: cash out of the drawer into a financial account of the unit: register
 *   −valor and the account's ledger +valor, origem 'transferencia_caixa', dated the unit's
 *   today (DOMAIN.md §7 "Contas"); never more than the cash in the drawer.
 *
 * Only on an open register of the unit (404 outside it, 400 CAIXA_FECHADO when closed), by its
 * cashier or a user with caixa.fechar (403). The register row is locked `for update` first,
 * so two withdrawals at once cannot both take the same cash, and closing waits for them.
 */
import { eq } from 'drizzle-orm';
import {
  TIPOS_FORMA_SEM_CONFERENCIA,
  type CreditoClienteCaixaInputParsed,
  type DespesaCaixaInputParsed,
  type SangriaInputParsed,
  type SuprimentoInputParsed,
  type TransferenciaCaixaInputParsed,
} from '@petshop/shared/caixa';
import { formatMoney } from '@petshop/shared/format';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Db } from '../../../db/client.ts';
import { categoriasFinanceiras, contas, formasPagamento, pessoas } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';
import { lancarCreditoCliente } from '../../financeiro/credito-cliente-ledger.ts';
import { lancarMovimentoFinanceiro } from '../../financeiro/contas-ledger.ts';
import { getUnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { lockCaixaParaAtor, type AtorCaixa, type CaixaTravado } from './acesso-caixa.ts';
import { CAIXA_FECHADO, assertDinheiroNoCaixa, lancarMovimentoCaixa } from './caixa-ledger.ts';
import { unidadeFechaCego } from './fechamento-cego.ts';

/** Locks the register for the actor and refuses a closed one. */
const caixaAberto = async (tx: Db, ator: AtorCaixa, caixaId: string): Promise<CaixaTravado> => {
  const caixa = await lockCaixaParaAtor(tx, caixaId, ator);
  if (caixa.status !== 'Aberto') throw badRequest(CAIXA_FECHADO);
  return caixa;
};

/**
 * 400 on `valor` when the drawer's cash does not cover a withdrawal of `valor` reais. The
 * message names the cash in the drawer, except to a cashier of a unit that closes blind
 * (fechamento-cego.ts): that would tell them the expected amount.
 */
const assertDinheiro = async (tx: Db, ator: AtorCaixa, caixaId: string, valor: number): Promise<void> => {
  const oculto = ator.veEsperado === false && (await unidadeFechaCego(tx));
  await assertDinheiroNoCaixa(tx, caixaId, valor, (saldo) =>
    badRequest({
      valor: [oculto ? 'Valor maior que o dinheiro em caixa' : `Valor maior que o dinheiro em caixa (${formatMoney(saldo)})`],
    }),
  );
};

/** Sangria: −valor in cash. */
export const sangriaCaixa = async (tx: Db, ator: AtorCaixa, caixaId: string, input: SangriaInputParsed): Promise<string> => {
  await caixaAberto(tx, ator, caixaId);
  await assertDinheiro(tx, ator, caixaId, input.valor);
  return lancarMovimentoCaixa(tx, {
    caixaId,
    tipo: 'sangria',
    valor: -input.valor,
    descricao: input.descricao,
    usuarioId: ator.usuarioId,
  });
};

/** Suprimento: +valor in cash. */
export const suprimentoCaixa = async (
  tx: Db,
  ator: AtorCaixa,
  caixaId: string,
  input: SuprimentoInputParsed,
): Promise<string> => {
  await caixaAberto(tx, ator, caixaId);
  return lancarMovimentoCaixa(tx, {
    caixaId,
    tipo: 'suprimento',
    valor: input.valor,
    descricao: input.descricao,
    usuarioId: ator.usuarioId,
  });
};

/** Despesa: −valor in cash, with its category (kind despesa, active) when given. */
export const despesaCaixa = async (tx: Db, ator: AtorCaixa, caixaId: string, input: DespesaCaixaInputParsed): Promise<string> => {
  await caixaAberto(tx, ator, caixaId);
  if (input.categoriaFinanceiraId) {
    const [categoria] = await tx
      .select({ tipo: categoriasFinanceiras.tipo, ativo: categoriasFinanceiras.ativo })
      .from(categoriasFinanceiras)
      .where(eq(categoriasFinanceiras.id, input.categoriaFinanceiraId));
    if (!categoria || categoria.tipo !== 'despesa' || !categoria.ativo)
      throw badRequest({ categoriaFinanceiraId: ['Escolha uma categoria financeira de despesa ativa'] });
  }
  await assertDinheiro(tx, ator, caixaId, input.valor);
  return lancarMovimentoCaixa(tx, {
    caixaId,
    tipo: 'despesa',
    valor: -input.valor,
    descricao: input.descricao,
    categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
    usuarioId: ator.usuarioId,
  });
};

/** Crédito-cliente: +valor in the register by the method (default cash) and +valor of customer credit. */
export const creditoClienteCaixa = async (
  tx: Db,
  ator: AtorCaixa,
  caixaId: string,
  input: CreditoClienteCaixaInputParsed,
): Promise<string> => {
  const caixa = await caixaAberto(tx, ator, caixaId);
  const [pessoa] = await tx.select({ id: pessoas.id, nome: pessoas.nome }).from(pessoas).where(eq(pessoas.id, input.pessoaId));
  if (!pessoa) throw badRequest({ pessoaId: ['Cliente não encontrado'] });
  let formaPagamentoId: string | null = null;
  if (input.formaPagamentoId) {
    const [forma] = await tx
      .select({ tipo: formasPagamento.tipo, ativo: formasPagamento.ativo })
      .from(formasPagamento)
      .where(eq(formasPagamento.id, input.formaPagamentoId));
    if (!forma || !forma.ativo) throw badRequest({ formaPagamentoId: ['Forma de pagamento inválida ou inativa'] });
    if (TIPOS_FORMA_SEM_CONFERENCIA.includes(forma.tipo as TipoFormaPagamento))
      throw badRequest({ formaPagamentoId: ['Esta forma de pagamento não serve para depositar crédito'] });
    formaPagamentoId = input.formaPagamentoId;
  }
  const descricao = input.descricao ?? `Crédito de cliente: ${pessoa.nome}`;
  const id = await lancarMovimentoCaixa(tx, {
    caixaId,
    tipo: 'credito_cliente',
    valor: input.valor,
    descricao,
    formaPagamentoId,
    pessoaId: pessoa.id,
    usuarioId: ator.usuarioId,
  });
  await lancarCreditoCliente(tx, {
    pessoaId: pessoa.id,
    valor: input.valor,
    origem: 'deposito',
    origemId: id,
    descricao: `Depósito no caixa nº ${caixa.numero}${input.descricao ? `: ${input.descricao}` : ''}`,
    usuarioId: ator.usuarioId,
  });
  return id;
};

/** Transferência: −valor in cash, +valor in the account's ledger dated the unit's today. */
export const transferenciaCaixa = async (
  tx: Db,
  ator: AtorCaixa,
  caixaId: string,
  input: TransferenciaCaixaInputParsed,
): Promise<string> => {
  const caixa = await caixaAberto(tx, ator, caixaId);
  // RLS shows only the unit's accounts: another unit's id is "not found" here.
  const [conta] = await tx
    .select({ id: contas.id, nome: contas.nome, ativo: contas.ativo })
    .from(contas)
    .where(eq(contas.id, input.contaId));
  if (!conta || !conta.ativo) throw badRequest({ contaId: ['Conta inválida ou inativa'] });
  await assertDinheiro(tx, ator, caixaId, input.valor);
  const unidade = await getUnidadeAtual(tx);
  const id = await lancarMovimentoCaixa(tx, {
    caixaId,
    tipo: 'transferencia',
    valor: -input.valor,
    descricao: input.descricao ?? `Transferência para ${conta.nome}`,
    contaId: conta.id,
    usuarioId: ator.usuarioId,
  });
  await lancarMovimentoFinanceiro(tx, {
    contaId: conta.id,
    data: unidade.hoje,
    valor: input.valor,
    descricao: `Transferência do caixa nº ${caixa.numero}${input.descricao ? `: ${input.descricao}` : ''}`,
    origem: 'transferencia_caixa',
    origemId: id,
    usuarioId: ator.usuarioId,
  });
  return id;
};
