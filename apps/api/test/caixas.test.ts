/**
 * Cash registers (issue #4 item 2; DOMAIN.md §6 "Caixa"; spec §7 "Cash registers", §5):
 * opening with a float, one open register per cashier per unit, movements and the cash they
 * leave in the drawer, closing per payment method with the differences, a closed register
 * read only, customer credit and account ledgers, who may act on whose register, tenancy.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Caixa, CaixaResumo, MovimentacaoCaixa, MovimentacoesCaixaPage } from '@petshop/shared/caixa';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import {
  categoriasFinanceiras,
  contas,
  creditoClienteLancamentos,
  formasPagamento,
  movimentacoesFinanceiras,
  pessoas,
  vendas,
} from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { AppError } from '../src/lib/errors.ts';
import { SO_O_OPERADOR } from '../src/modules/comercial/caixas/acesso-caixa.ts';
import { CAIXA_FECHADO, lancarMovimentoCaixa, type NovoMovimentoCaixa } from '../src/modules/comercial/caixas/caixa-ledger.ts';
import { fecharCaixa } from '../src/modules/comercial/caixas/fechar-caixa.ts';
import { sangriaCaixa } from '../src/modules/comercial/caixas/movimentar-caixa.ts';
import { getSaldoConta } from '../src/modules/financeiro/contas-ledger.ts';
import { getSaldoCreditoCliente } from '../src/modules/financeiro/credito-cliente-ledger.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const BASE = '/api/comercial/caixas';
const MOVS = '/api/comercial/movimentacoes-caixa';
const OUTRO_ID = '0b7e1c9a-8d1e-4c1e-9f7a-3c2b1a0d9e8f';

type Actor = { headers: Record<string, string>; usuarioId: string };
type Ctx = TenantFixture;

const send = (a: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: a.headers, ...(payload ? { payload } : {}) });

const abrir = async (a: Actor, valorAbertura: number | string = 0) => {
  const res = await send(a, 'POST', `${BASE}/abrir-caixa`, { valorAbertura });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Caixa>();
};

const obter = async (a: Actor, id: string) => {
  const res = await send(a, 'GET', `${BASE}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Caixa>();
};

const movimentar = (a: Actor, id: string, acao: string, payload: object) => send(a, 'POST', `${BASE}/${id}/${acao}`, payload);

const scoped = <T>(t: Ctx, fn: Parameters<typeof withTenant<T>>[2], unidadeNegocioId = t.unidadeNegocioId) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, fn);

/** Payment methods, an account, categories and a customer of the tenant (names unique per test). */
const cadastros = async (t: Ctx) =>
  scoped(t, async (tx) => {
    const sufixo = t.tenantId.slice(0, 6);
    const forma = async (nome: string, tipo: string) =>
      (
        await tx
          .insert(formasPagamento)
          .values({ nome: `${nome} ${sufixo}`, tipo })
          .returning({ id: formasPagamento.id })
      )[0]!.id;
    const pix = await forma('PIX teste', 'pix');
    const credito = await forma('Crédito teste', 'cartao_credito');
    const debito = await forma('Débito teste', 'cartao_debito');
    const aPrazo = await forma('A prazo teste', 'a_prazo');
    const dinheiro = await forma('Dinheiro teste', 'dinheiro');
    const [conta] = await tx
      .insert(contas)
      .values({ nome: `Banco teste ${sufixo}`, tipo: 'banco', saldoInicial: '1000.00' })
      .returning({ id: contas.id });
    const [inativa] = await tx
      .insert(contas)
      .values({ nome: `Banco antigo ${sufixo}`, tipo: 'banco', ativo: false })
      .returning({ id: contas.id });
    const [despesa] = await tx
      .insert(categoriasFinanceiras)
      .values({ nome: `Material de limpeza ${sufixo}`, tipo: 'despesa' })
      .returning({ id: categoriasFinanceiras.id });
    const [receita] = await tx
      .insert(categoriasFinanceiras)
      .values({ nome: `Vendas ${sufixo}`, tipo: 'receita' })
      .returning({ id: categoriasFinanceiras.id });
    const [pessoa] = await tx.insert(pessoas).values({ nome: 'Maria Tutora' }).returning({ id: pessoas.id });
    return {
      pix,
      credito,
      debito,
      aPrazo,
      dinheiro,
      contaId: conta!.id,
      contaInativaId: inativa!.id,
      categoriaDespesaId: despesa!.id,
      categoriaReceitaId: receita!.id,
      pessoaId: pessoa!.id,
    };
  });

/** What the till and returns write (caixa-ledger), for sale payments in a register. */
const lancar = (t: Ctx, m: Omit<NovoMovimentoCaixa, 'usuarioId'> & { usuarioId?: string }) =>
  scoped(t, (tx) => lancarMovimentoCaixa(tx, { usuarioId: t.usuarioId, ...m }));

const hoje = () => todayISO('America/Sao_Paulo');
const ontem = () => {
  const d = new Date(`${hoje()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

describe('opening a register', () => {
  it('opens with the float as a cash movement, numbered per unit, one open per cashier', async () => {
    const t = await newTenant(ctx);
    const caixa = await abrir(t, '150,75');
    expect(caixa).toMatchObject({
      numero: 1,
      status: 'Aberto',
      usuario: { id: t.usuarioId, nome: 'Administradora Teste' },
      valorAbertura: 150.75,
      saldoDinheiro: 150.75,
      entradas: 150.75,
      saidas: 0,
      dataFechamento: null,
      valorEsperado: null,
      conferencia: null,
      totaisPorForma: [
        { formaPagamentoId: null, nome: 'Dinheiro', tipo: 'dinheiro', conferir: true, esperado: 150.75, contado: null },
      ],
    });
    expect(caixa.movimentacoes).toHaveLength(1);
    expect(caixa.movimentacoes[0]).toMatchObject({
      tipo: 'abertura',
      valor: 150.75,
      formaPagamento: null,
      caixaNumero: 1,
      usuario: { id: t.usuarioId },
      descricao: 'Abertura do caixa nº 1 com R$ 150,75',
    });

    const segundo = await send(t, 'POST', `${BASE}/abrir-caixa`, { valorAbertura: 10 });
    expect(segundo.statusCode).toBe(400);
    expect(segundo.json().errors).toEqual({ generalErrors: ['Você já tem um caixa aberto nesta unidade (nº 1)'] });

    // Another cashier opens their own, with the next number; a float of 0 by default.
    const carla = await usuarioComPerfil(ctx, t, 'caixa', 'Carla Caixa');
    const dela = await send(carla, 'POST', `${BASE}/abrir-caixa`, {});
    expect(dela.statusCode).toBe(201);
    expect(dela.json()).toMatchObject({ numero: 2, valorAbertura: 0, usuario: { nome: 'Carla Caixa' } });
  });

  it('settles two openings at once: one register, the other told which one is open', async () => {
    const t = await newTenant(ctx);
    const [a, b] = await Promise.all([
      send(t, 'POST', `${BASE}/abrir-caixa`, { valorAbertura: 10 }),
      send(t, 'POST', `${BASE}/abrir-caixa`, { valorAbertura: 20 }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([201, 400]);
    const recusada = a.statusCode === 400 ? a : b;
    expect(recusada.json().errors.generalErrors[0]).toMatch(/^Você já tem um caixa aberto nesta unidade \(nº 1\)$/);
    const lista = (await send(t, 'GET', BASE)).json<Page<CaixaResumo>>();
    expect(lista.total).toBe(1);
  });

  it('validates the float in Portuguese', async () => {
    const t = await newTenant(ctx);
    const negativo = await send(t, 'POST', `${BASE}/abrir-caixa`, { valorAbertura: -1 });
    expect(negativo.statusCode).toBe(400);
    expect(negativo.json().errors).toEqual({ valorAbertura: ['Valor de abertura não pode ser negativo'] });
    const texto = await send(t, 'POST', `${BASE}/abrir-caixa`, { valorAbertura: 'muito' });
    expect(texto.json().errors.valorAbertura).toEqual(['Valor de abertura deve ser um número']);
    const obs = await send(t, 'POST', `${BASE}/abrir-caixa`, { valorAbertura: 1, observacoes: 'x'.repeat(501) });
    expect(obs.json().errors.observacoes).toEqual(['Observações deve ter no máximo 500 caracteres']);
    expect((await send(t, 'GET', BASE)).json().total).toBe(0);
  });
});

describe('register movements', () => {
  it('suprimento, sangria and despesa move the cash; withdrawals never exceed the drawer', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 50);

    const sup = await movimentar(t, caixa.id, 'suprimento', { valor: '20,00', descricao: 'Troco do cofre' });
    expect(sup.statusCode, sup.body).toBe(201);
    expect(sup.json<MovimentacaoCaixa>()).toMatchObject({
      tipo: 'suprimento',
      valor: 20,
      descricao: 'Troco do cofre',
      caixaId: caixa.id,
      caixaNumero: 1,
      formaPagamento: null,
    });
    const san = await movimentar(t, caixa.id, 'sangria', { valor: 30, descricao: 'Cofre' });
    expect(san.json()).toMatchObject({ tipo: 'sangria', valor: -30 });
    const desp = await movimentar(t, caixa.id, 'despesa', {
      valor: 10.5,
      descricao: 'Detergente',
      categoriaFinanceiraId: c.categoriaDespesaId,
    });
    expect(desp.statusCode, desp.body).toBe(201);
    expect(desp.json()).toMatchObject({ tipo: 'despesa', valor: -10.5, categoriaFinanceira: { id: c.categoriaDespesaId } });

    const detalhe = await obter(t, caixa.id);
    expect(detalhe.saldoDinheiro).toBe(29.5);
    expect(detalhe.totaisPorForma).toEqual([
      expect.objectContaining({ formaPagamentoId: null, entradas: 70, saidas: 40.5, esperado: 29.5 }),
    ]);
    expect(detalhe.movimentacoes.map((m) => m.tipo)).toEqual(['abertura', 'suprimento', 'sangria', 'despesa']);

    const demais = await movimentar(t, caixa.id, 'sangria', { valor: 29.51, descricao: 'Cofre' });
    expect(demais.statusCode).toBe(400);
    expect(demais.json().errors).toEqual({ valor: ['Valor maior que o dinheiro em caixa (R$ 29,50)'] });
    const despesaDemais = await movimentar(t, caixa.id, 'despesa', { valor: 30, descricao: 'Gás' });
    expect(despesaDemais.json().errors.valor).toEqual(['Valor maior que o dinheiro em caixa (R$ 29,50)']);
    // Card money in the register is not cash: it does not pay a withdrawal.
    await lancar(t, { caixaId: caixa.id, tipo: 'recebimento', valor: 500, formaPagamentoId: c.credito, descricao: 'Venda' });
    expect((await movimentar(t, caixa.id, 'sangria', { valor: 30, descricao: 'Cofre' })).statusCode).toBe(400);
    // Exactly the cash in the drawer may go.
    expect((await movimentar(t, caixa.id, 'sangria', { valor: 29.5, descricao: 'Cofre' })).statusCode).toBe(201);
    expect((await obter(t, caixa.id)).saldoDinheiro).toBe(0);
  });

  it('validates movements in Portuguese with field keys', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 100);
    const zero = await movimentar(t, caixa.id, 'sangria', { valor: 0, descricao: '' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual({ valor: ['Valor deve ser maior que zero'], descricao: ['Descrição é obrigatória'] });
    const semValor = await movimentar(t, caixa.id, 'suprimento', { descricao: 'x' });
    expect(semValor.json().errors).toEqual({ valor: ['Valor é obrigatório'] });
    const categoriaReceita = await movimentar(t, caixa.id, 'despesa', {
      valor: 1,
      descricao: 'x',
      categoriaFinanceiraId: c.categoriaReceitaId,
    });
    expect(categoriaReceita.json().errors).toEqual({
      categoriaFinanceiraId: ['Escolha uma categoria financeira de despesa ativa'],
    });
    const categoriaInvalida = await movimentar(t, caixa.id, 'despesa', {
      valor: 1,
      descricao: 'x',
      categoriaFinanceiraId: 'abc',
    });
    expect(categoriaInvalida.json().errors).toEqual({ categoriaFinanceiraId: ['Categoria financeira inválida'] });
    const semCliente = await movimentar(t, caixa.id, 'credito-cliente', { valor: 1 });
    expect(semCliente.json().errors).toEqual({ pessoaId: ['Informe o cliente'] });
    const semConta = await movimentar(t, caixa.id, 'transferencia', { valor: 1 });
    expect(semConta.json().errors).toEqual({ contaId: ['Informe a conta de destino'] });
    const idRuim = await send(t, 'POST', `${BASE}/nao-e-uuid/sangria`, { valor: 1, descricao: 'x' });
    expect(idRuim.statusCode).toBe(400);
    expect((await movimentar(t, OUTRO_ID, 'sangria', { valor: 1, descricao: 'x' })).statusCode).toBe(404);
    expect((await obter(t, caixa.id)).movimentacoes).toHaveLength(1);
  });

  it('crédito-cliente: money into the register by its method and credit into the customer ledger', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 10);

    const dinheiro = await movimentar(t, caixa.id, 'credito-cliente', { pessoaId: c.pessoaId, valor: 70 });
    expect(dinheiro.statusCode, dinheiro.body).toBe(201);
    const mov = dinheiro.json<MovimentacaoCaixa>();
    expect(mov).toMatchObject({
      tipo: 'credito_cliente',
      valor: 70,
      formaPagamento: null,
      pessoa: { id: c.pessoaId, nome: 'Maria Tutora' },
      descricao: 'Crédito de cliente: Maria Tutora',
    });
    const pix = await movimentar(t, caixa.id, 'credito-cliente', {
      pessoaId: c.pessoaId,
      valor: 30,
      formaPagamentoId: c.pix,
      descricao: 'Adiantamento banho',
    });
    expect(pix.json()).toMatchObject({ formaPagamento: { id: c.pix, tipo: 'pix' }, descricao: 'Adiantamento banho' });

    expect(await scoped(t, (tx) => getSaldoCreditoCliente(tx, c.pessoaId))).toBe(100);
    const lancamentos = await scoped(t, (tx) =>
      tx.select().from(creditoClienteLancamentos).where(eq(creditoClienteLancamentos.pessoaId, c.pessoaId)),
    );
    expect(lancamentos).toHaveLength(2);
    expect(lancamentos.find((l) => l.origemId === mov.id)).toMatchObject({
      origem: 'deposito',
      valor: '70.00',
      unidadeNegocioId: t.unidadeNegocioId,
      usuarioId: t.usuarioId,
      descricao: 'Depósito no caixa nº 1',
    });

    const detalhe = await obter(t, caixa.id);
    expect(detalhe.saldoDinheiro).toBe(80);
    expect(detalhe.totaisPorForma.find((f) => f.formaPagamentoId === c.pix)).toMatchObject({ esperado: 30, conferir: true });

    const aPrazo = await movimentar(t, caixa.id, 'credito-cliente', {
      pessoaId: c.pessoaId,
      valor: 5,
      formaPagamentoId: c.aPrazo,
    });
    expect(aPrazo.statusCode).toBe(400);
    expect(aPrazo.json().errors).toEqual({ formaPagamentoId: ['Esta forma de pagamento não serve para depositar crédito'] });
    const ninguem = await movimentar(t, caixa.id, 'credito-cliente', { pessoaId: OUTRO_ID, valor: 5 });
    expect(ninguem.json().errors).toEqual({ pessoaId: ['Cliente não encontrado'] });
    // Nothing of the refused calls stayed behind.
    expect(await scoped(t, (tx) => getSaldoCreditoCliente(tx, c.pessoaId))).toBe(100);
  });

  it('transferência: cash out of the drawer into the account ledger, dated today', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 100);

    const res = await movimentar(t, caixa.id, 'transferencia', { valor: 60, contaId: c.contaId });
    expect(res.statusCode, res.body).toBe(201);
    const mov = res.json<MovimentacaoCaixa>();
    expect(mov).toMatchObject({
      tipo: 'transferencia',
      valor: -60,
      conta: { id: c.contaId },
      descricao: expect.stringMatching(/^Transferência para Banco teste/),
    });
    expect(await scoped(t, (tx) => getSaldoConta(tx, c.contaId))).toBe(1060);
    const [lancamento] = await scoped(t, (tx) =>
      tx.select().from(movimentacoesFinanceiras).where(eq(movimentacoesFinanceiras.contaId, c.contaId)),
    );
    expect(lancamento).toMatchObject({
      valor: '60.00',
      origem: 'transferencia_caixa',
      origemId: mov.id,
      data: hoje(),
      descricao: 'Transferência do caixa nº 1',
    });
    expect((await obter(t, caixa.id)).saldoDinheiro).toBe(40);

    const demais = await movimentar(t, caixa.id, 'transferencia', { valor: 40.01, contaId: c.contaId });
    expect(demais.json().errors).toEqual({ valor: ['Valor maior que o dinheiro em caixa (R$ 40,00)'] });
    const inativa = await movimentar(t, caixa.id, 'transferencia', { valor: 1, contaId: c.contaInativaId });
    expect(inativa.json().errors).toEqual({ contaId: ['Conta inválida ou inativa'] });
    expect(await scoped(t, (tx) => getSaldoConta(tx, c.contaId))).toBe(1060);
  });

  it('two withdrawals at once never take more than the drawer holds', async () => {
    const t = await newTenant(ctx);
    const caixa = await abrir(t, 100);
    const respostas = await Promise.all(
      [1, 2, 3].map(() => movimentar(t, caixa.id, 'sangria', { valor: 60, descricao: 'Cofre' })),
    );
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await obter(t, caixa.id)).saldoDinheiro).toBe(40);
  });
});

describe('closing a register', () => {
  it('computes expected, counted and difference per method and stores the check', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 100);
    // What the till writes: cash net of change, card, PIX, a prazo; a cash method by id counts as cash.
    await lancar(t, { caixaId: caixa.id, tipo: 'recebimento', valor: 45.5, descricao: 'Venda nº 1' });
    await lancar(t, {
      caixaId: caixa.id,
      tipo: 'recebimento',
      valor: 4.5,
      formaPagamentoId: c.dinheiro,
      descricao: 'Venda nº 2',
    });
    await lancar(t, { caixaId: caixa.id, tipo: 'recebimento', valor: 80, formaPagamentoId: c.pix, descricao: 'Venda nº 3' });
    await lancar(t, { caixaId: caixa.id, tipo: 'recebimento', valor: 120, formaPagamentoId: c.credito, descricao: 'Venda nº 4' });
    await lancar(t, { caixaId: caixa.id, tipo: 'recebimento', valor: 60, formaPagamentoId: c.aPrazo, descricao: 'Venda nº 5' });
    await lancar(t, { caixaId: caixa.id, tipo: 'devolucao', valor: -20, descricao: 'Devolução nº 1' });
    expect((await movimentar(t, caixa.id, 'sangria', { valor: 40, descricao: 'Cofre' })).statusCode).toBe(201);

    const aberto = await obter(t, caixa.id);
    expect(aberto.totaisPorForma.map((f) => [f.nome.split(' ')[0], f.esperado, f.conferir])).toEqual([
      ['Dinheiro', 90, true],
      ['A', 60, false],
      ['Crédito', 120, true],
      ['PIX', 80, true],
    ]);

    const res = await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, {
      contagens: [
        { formaPagamentoId: null, valorContado: '84,50' },
        { formaPagamentoId: c.pix, valorContado: 80 },
        { formaPagamentoId: c.credito, valorContado: 125 },
        { formaPagamentoId: c.debito, valorContado: 10 },
      ],
      observacoes: 'Faltou troco',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fechado = res.json<Caixa>();
    expect(fechado).toMatchObject({
      status: 'Fechado',
      fechadoPor: { id: t.usuarioId },
      valorEsperado: 90,
      valorContado: 84.5,
      diferenca: -5.5,
      saldoDinheiro: 90,
      observacoes: 'Faltou troco',
    });
    expect(fechado.dataFechamento).toEqual(expect.any(String));
    const linha = (id: string | null) => fechado.conferencia!.find((l) => l.formaPagamentoId === id);
    expect(linha(null)).toEqual({
      formaPagamentoId: null,
      nome: 'Dinheiro',
      tipo: 'dinheiro',
      esperado: 90,
      contado: 84.5,
      diferenca: -5.5,
    });
    expect(linha(c.pix)).toMatchObject({ tipo: 'pix', esperado: 80, contado: 80, diferenca: 0 });
    expect(linha(c.credito)).toMatchObject({ tipo: 'cartao_credito', esperado: 120, contado: 125, diferenca: 5 });
    // Not counted at the till: as expected.
    expect(linha(c.aPrazo)).toMatchObject({ tipo: 'a_prazo', esperado: 60, contado: 60, diferenca: 0 });
    // Counted without movements: money nobody expected.
    expect(linha(c.debito)).toMatchObject({ tipo: 'cartao_debito', esperado: 0, contado: 10, diferenca: 10 });
    expect(fechado.conferencia).toHaveLength(5);
    expect(fechado.totaisPorForma.find((f) => f.formaPagamentoId === c.credito)).toMatchObject({ contado: 125, diferenca: 5 });
    expect(fechado.totaisPorForma.find((f) => f.formaPagamentoId === c.debito)).toMatchObject({ esperado: 0, contado: 10 });

    // The list shows it closed with the cash difference.
    const lista = (await send(t, 'GET', `${BASE}?status=Fechado`)).json<Page<CaixaResumo>>();
    expect(lista.items).toEqual([
      expect.objectContaining({ id: caixa.id, valorEsperado: 90, valorContado: 84.5, diferenca: -5.5 }),
    ]);
  });

  it('counts a method with movements and no count as 0; the cash of a dinheiro method is the cash line', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 50);
    await lancar(t, { caixaId: caixa.id, tipo: 'recebimento', valor: 80, formaPagamentoId: c.pix, descricao: 'Venda' });
    const res = await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, {
      contagens: [{ formaPagamentoId: c.dinheiro, valorContado: 50 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Caixa>().conferencia).toEqual([
      { formaPagamentoId: null, nome: 'Dinheiro', tipo: 'dinheiro', esperado: 50, contado: 50, diferenca: 0 },
      expect.objectContaining({ formaPagamentoId: c.pix, esperado: 80, contado: 0, diferenca: -80 }),
    ]);
  });

  it('validates the counts', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 50);
    const repetida = await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, {
      contagens: [
        { formaPagamentoId: null, valorContado: 1 },
        { formaPagamentoId: null, valorContado: 2 },
      ],
    });
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().errors).toEqual({ 'contagens.1.formaPagamentoId': ['Forma de pagamento repetida'] });
    // Cash by id and by null is the same line.
    const mesmaLinha = await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, {
      contagens: [
        { formaPagamentoId: null, valorContado: 1 },
        { formaPagamentoId: c.dinheiro, valorContado: 2 },
      ],
    });
    expect(mesmaLinha.json().errors).toEqual({ 'contagens.1.formaPagamentoId': ['Forma de pagamento repetida'] });
    const desconhecida = await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, {
      contagens: [{ formaPagamentoId: OUTRO_ID, valorContado: 1 }],
    });
    expect(desconhecida.json().errors).toEqual({ 'contagens.0.formaPagamentoId': ['Forma de pagamento inválida'] });
    const negativo = await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, {
      contagens: [{ formaPagamentoId: null, valorContado: -1 }],
    });
    expect(negativo.json().errors).toEqual({ 'contagens.0.valorContado': ['Valor contado não pode ser negativo'] });
    const semValor = await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, { contagens: [{ formaPagamentoId: null }] });
    expect(semValor.json().errors).toEqual({ 'contagens.0.valorContado': ['Valor contado é obrigatório'] });
    expect((await obter(t, caixa.id)).status).toBe('Aberto');
  });

  it('a closed register is read only: every movement and a second closing are refused', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 100);
    expect(
      (await send(t, 'POST', `${BASE}/${caixa.id}/fechar`, { contagens: [{ formaPagamentoId: null, valorContado: 100 }] }))
        .statusCode,
    ).toBe(200);

    const tentativas = [
      ['sangria', { valor: 1, descricao: 'x' }],
      ['suprimento', { valor: 1, descricao: 'x' }],
      ['despesa', { valor: 1, descricao: 'x' }],
      ['credito-cliente', { valor: 1, pessoaId: c.pessoaId }],
      ['transferencia', { valor: 1, contaId: c.contaId }],
      ['fechar', { contagens: [] }],
    ] as const;
    for (const [acao, payload] of tentativas) {
      const res = await movimentar(t, caixa.id, acao, payload);
      expect(res.statusCode, acao).toBe(400);
      expect(res.json().errors).toEqual({ generalErrors: [CAIXA_FECHADO] });
    }
    // The till and returns write through the same ledger and are refused too.
    await expect(lancar(t, { caixaId: caixa.id, tipo: 'recebimento', valor: 10, descricao: 'Venda' })).rejects.toThrow(
      CAIXA_FECHADO,
    );
    const depois = await obter(t, caixa.id);
    expect(depois.movimentacoes).toHaveLength(1);
    expect(depois.valorContado).toBe(100);
    expect(await scoped(t, (tx) => getSaldoCreditoCliente(tx, c.pessoaId))).toBe(0);

    // The cashier can open a new one now.
    expect((await abrir(t, 0)).numero).toBe(2);
  });

  it("another cashier's register: only with caixa.fechar; the cashier closes their own", async () => {
    const t = await newTenant(ctx);
    const carla = await usuarioComPerfil(ctx, t, 'caixa', 'Carla Caixa');
    const caixaDaCarla = await abrir(carla, 20);

    // Caixa / Vendedor moves and closes only their own register (DOMAIN.md §1: covering a
    // colleague's register is a supervisor's caixa.fechar).
    const bruno = await usuarioComPerfil(ctx, t, 'caixa', 'Bruno Caixa');
    expect((await movimentar(bruno, caixaDaCarla.id, 'suprimento', { valor: 5, descricao: 'Troco' })).statusCode).toBe(403);
    expect((await movimentar(bruno, caixaDaCarla.id, 'fechar', { contagens: [] })).statusCode).toBe(403);
    expect((await movimentar(carla, caixaDaCarla.id, 'suprimento', { valor: 5, descricao: 'Troco' })).statusCode).toBe(201);

    // The same rule in the use cases: without caixa.fechar someone else's register is refused.
    const semFechar = { usuarioId: bruno.usuarioId, podeOperarDeOutros: false };
    const recusa = scoped(t, (tx) => fecharCaixa(tx, semFechar, caixaDaCarla.id, { contagens: [] }));
    await expect(recusa).rejects.toThrow(SO_O_OPERADOR);
    await expect(recusa).rejects.toSatisfy((e) => e instanceof AppError && e.statusCode === 403);
    const propria = { usuarioId: carla.usuarioId, podeOperarDeOutros: false };
    await scoped(t, (tx) => sangriaCaixa(tx, propria, caixaDaCarla.id, { valor: 1, descricao: 'Cofre' }));

    // Recepção has neither caixa nor caixa.fechar: 403 everywhere, reading included.
    const recepcao = await usuarioComPerfil(ctx, t, 'recepcao', 'Rita Recepção');
    expect((await send(recepcao, 'POST', `${BASE}/abrir-caixa`, { valorAbertura: 1 })).statusCode).toBe(403);
    expect((await movimentar(recepcao, caixaDaCarla.id, 'sangria', { valor: 1, descricao: 'x' })).statusCode).toBe(403);
    expect((await movimentar(recepcao, caixaDaCarla.id, 'fechar', { contagens: [] })).statusCode).toBe(403);
    expect((await send(recepcao, 'GET', BASE)).statusCode).toBe(403);
    expect((await send(recepcao, 'GET', MOVS)).statusCode).toBe(403);

    // Financeiro reads registers and movements but does not move them.
    const financeiro = await usuarioComPerfil(ctx, t, 'financeiro', 'Fábio Financeiro');
    expect((await send(financeiro, 'GET', `${BASE}/${caixaDaCarla.id}`)).statusCode).toBe(200);
    expect((await send(financeiro, 'GET', MOVS)).statusCode).toBe(200);
    expect((await movimentar(financeiro, caixaDaCarla.id, 'suprimento', { valor: 1, descricao: 'x' })).statusCode).toBe(403);
    expect((await movimentar(financeiro, caixaDaCarla.id, 'fechar', { contagens: [] })).statusCode).toBe(403);

    // The administrator (caixa.fechar) closes Carla's register: closed by the administrator.
    const fechado = await movimentar(t, caixaDaCarla.id, 'fechar', { contagens: [{ formaPagamentoId: null, valorContado: 24 }] });
    expect(fechado.statusCode, fechado.body).toBe(200);
    expect(fechado.json()).toMatchObject({
      usuario: { id: carla.usuarioId },
      fechadoPor: { id: t.usuarioId },
      valorEsperado: 24,
      diferenca: 0,
    });
  });
});

describe('lists', () => {
  it('GET /caixas filters by status, operator and opening day, with totals', async () => {
    const t = await newTenant(ctx);
    const carla = await usuarioComPerfil(ctx, t, 'caixa', 'Carla Caixa');
    const meu = await abrir(t, 100);
    await movimentar(t, meu.id, 'sangria', { valor: 30, descricao: 'Cofre' });
    const dela = await abrir(carla, 10);
    await send(carla, 'POST', `${BASE}/${dela.id}/fechar`, { contagens: [{ formaPagamentoId: null, valorContado: 12 }] });

    const todos = (await send(t, 'GET', BASE)).json<Page<CaixaResumo>>();
    expect(todos.total).toBe(2);
    expect(todos.items.map((c) => c.numero)).toEqual([2, 1]);
    expect(todos.items[1]).toMatchObject({ entradas: 100, saidas: 30, saldoDinheiro: 70, status: 'Aberto', diferenca: null });
    expect(todos.items[0]).toMatchObject({ status: 'Fechado', valorEsperado: 10, valorContado: 12, diferenca: 2 });

    const abertosMeus = (await send(t, 'GET', `${BASE}?status=Aberto&usuarioId=${t.usuarioId}`)).json<Page<CaixaResumo>>();
    expect(abertosMeus.items.map((c) => c.id)).toEqual([meu.id]);
    expect((await send(t, 'GET', `${BASE}?dataInicio=${hoje()}&dataFim=${hoje()}`)).json().total).toBe(2);
    const [y, m, d] = ontem().split('-');
    expect((await send(t, 'GET', `${BASE}?dataInicio=${d}/${m}/${y}&dataFim=${ontem()}`)).json().total).toBe(0);
    expect((await send(t, 'GET', `${BASE}?pageSize=1&page=2`)).json()).toMatchObject({
      total: 2,
      page: 2,
      items: [{ numero: 1 }],
    });

    const ruim = await send(t, 'GET', `${BASE}?status=Perdido&dataInicio=31/02/2024`);
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors).toEqual({ status: ['Status inválido'], dataInicio: ['Data inicial inválida'] });
    const invertido = await send(t, 'GET', `${BASE}?dataInicio=${hoje()}&dataFim=${ontem()}`);
    expect(invertido.json().errors).toEqual({ dataFim: ['Data final deve ser igual ou posterior à data inicial'] });
  });

  it('GET /movimentacoes-caixa: today by default, newest first, with names, sale number and totals', async () => {
    const t = await newTenant(ctx);
    const c = await cadastros(t);
    const caixa = await abrir(t, 100);
    const [venda] = await scoped(t, (tx) =>
      tx.insert(vendas).values({ numero: 41, usuarioId: t.usuarioId }).returning({ id: vendas.id }),
    );
    await lancar(t, {
      caixaId: caixa.id,
      tipo: 'recebimento',
      valor: 59.9,
      formaPagamentoId: c.pix,
      vendaId: venda!.id,
      descricao: 'Venda nº 41',
    });
    await movimentar(t, caixa.id, 'sangria', { valor: 20, descricao: 'Cofre' });

    const res = await send(t, 'GET', MOVS);
    expect(res.statusCode, res.body).toBe(200);
    const pagina = res.json<MovimentacoesCaixaPage>();
    expect(pagina).toMatchObject({ total: 3, page: 1, pageSize: 20, dataInicio: hoje(), dataFim: hoje() });
    expect(pagina.resumo).toEqual({ entradas: 159.9, saidas: 20, saldo: 139.9 });
    expect(pagina.items.map((m) => m.tipo)).toEqual(['sangria', 'recebimento', 'abertura']);
    expect(pagina.items[1]).toMatchObject({
      caixaNumero: 1,
      caixaStatus: 'Aberto',
      venda: { id: venda!.id, numero: 41 },
      formaPagamento: { id: c.pix, nome: expect.stringMatching(/^PIX teste/), tipo: 'pix' },
      usuario: { id: t.usuarioId, nome: 'Administradora Teste' },
      valor: 59.9,
    });

    const sangrias = (await send(t, 'GET', `${MOVS}?tipo=sangria&caixaId=${caixa.id}`)).json<MovimentacoesCaixaPage>();
    expect(sangrias.items.map((m) => m.valor)).toEqual([-20]);
    expect(sangrias.resumo).toEqual({ entradas: 0, saidas: 20, saldo: -20 });
    expect((await send(t, 'GET', `${MOVS}?caixaId=${OUTRO_ID}`)).json().total).toBe(0);
    const passado = (await send(t, 'GET', `${MOVS}?dataInicio=${ontem()}&dataFim=${ontem()}`)).json<MovimentacoesCaixaPage>();
    expect(passado).toMatchObject({
      total: 0,
      dataInicio: ontem(),
      dataFim: ontem(),
      resumo: { entradas: 0, saidas: 0, saldo: 0 },
    });
    // Only the start given: up to today.
    expect((await send(t, 'GET', `${MOVS}?dataInicio=${ontem()}`)).json()).toMatchObject({ total: 3, dataFim: hoje() });
    expect((await send(t, 'GET', `${MOVS}?pageSize=2&page=2`)).json().items.map((m: MovimentacaoCaixa) => m.tipo)).toEqual([
      'abertura',
    ]);

    const ruim = await send(t, 'GET', `${MOVS}?tipo=roubo&caixaId=x`);
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors).toEqual({ tipo: ['Tipo inválido'], caixaId: ['Caixa inválido'] });
    expect((await send(t, 'GET', `${MOVS}?dataInicio=${hoje()}&dataFim=${ontem()}`)).json().errors).toEqual({
      dataFim: ['Data final deve ser igual ou posterior à data inicial'],
    });

    const um = await send(t, 'GET', `${MOVS}/${pagina.items[1]!.id}`);
    expect(um.json()).toEqual(pagina.items[1]);
    expect((await send(t, 'GET', `${MOVS}/${OUTRO_ID}`)).statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it('another tenant and another unit of the same tenant neither see nor touch a register', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const caixa = await abrir(a, 100);
    const movId = caixa.movimentacoes[0]!.id;

    const filial: Actor = { headers: (await novaUnidade(ctx, a, 'Loja Shopping')).headers, usuarioId: a.usuarioId };

    for (const outsider of [b, filial]) {
      expect((await send(outsider, 'GET', `${BASE}/${caixa.id}`)).statusCode).toBe(404);
      expect((await send(outsider, 'GET', `${MOVS}/${movId}`)).statusCode).toBe(404);
      expect((await movimentar(outsider, caixa.id, 'sangria', { valor: 1, descricao: 'x' })).statusCode).toBe(404);
      expect((await movimentar(outsider, caixa.id, 'suprimento', { valor: 1, descricao: 'x' })).statusCode).toBe(404);
      expect((await movimentar(outsider, caixa.id, 'fechar', { contagens: [] })).statusCode).toBe(404);
      expect((await send(outsider, 'GET', BASE)).json().total).toBe(0);
      expect((await send(outsider, 'GET', MOVS)).json().total).toBe(0);
    }

    // One open register per cashier per unit: the same user opens one in the other unit, numbered there.
    const naFilial = await abrir(filial, 5);
    expect(naFilial.numero).toBe(1);
    // An account of the other unit is not a destination here.
    const c = await cadastros(a);
    const transf = await movimentar(filial, naFilial.id, 'transferencia', { valor: 1, contaId: c.contaId });
    expect(transf.json().errors).toEqual({ contaId: ['Conta inválida ou inativa'] });
    expect((await obter(a, caixa.id)).movimentacoes).toHaveLength(1);
  });
});
