/**
 * The finance screens through the real routes and a fake API speaking the contract: the
 * customer's credits page (loaded with the customer, the ledger, a debit refused on the value
 * field and then recorded) and the payment-method settings (labels, fee, D+N, installments).
 */
import type { CreditoClienteLancamento } from '@petshop/shared/credito-cliente';
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type FakeHandler } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const PESSOA_ID = '99999999-9999-4999-8999-999999999999';
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const pessoa = pessoaFixture({ id: PESSOA_ID });

const lancamento = (over: Partial<CreditoClienteLancamento>): CreditoClienteLancamento => ({
  id: id(1),
  pessoaId: PESSOA_ID,
  valor: 100,
  origem: 'devolucao',
  origemLabel: 'Devolução',
  origemId: null,
  descricao: 'Devolução da venda nº 12',
  usuario: { id: id(50), nome: 'Bruno Lima' },
  unidadeNegocio: { id: id(60), nomeFantasia: 'Matriz' },
  createdAt: '2025-03-10T17:05:00.000Z',
  saldo: 100,
  ...over,
});

/** A tiny in-memory credit ledger of one customer. */
const creditosApi = () => {
  const rows: CreditoClienteLancamento[] = [
    lancamento({
      id: id(2),
      valor: -30.56,
      origem: 'venda',
      origemLabel: 'Uso em venda',
      descricao: 'Venda nº 15',
      saldo: 69.44,
      createdAt: '2025-03-11T13:30:00.000Z',
    }),
    lancamento({}),
  ];
  const saldo = () => rows.reduce((s, r) => s + Math.round(r.valor * 100), 0) / 100;
  const handlers: Record<string, FakeHandler> = {
    'GET /auth/me': () => json(loginOutput().user),
    [`GET /pessoal/pessoas/${PESSOA_ID}`]: () => json(pessoa),
    [`GET /financeiro/credito-cliente/${PESSOA_ID}/total`]: () => json({ pessoaId: PESSOA_ID, total: saldo() }),
    [`GET /financeiro/credito-cliente/${PESSOA_ID}/creditos`]: () =>
      json({ items: rows, total: rows.length, page: 1, pageSize: 20 }),
    'POST /financeiro/credito-cliente/creditos': (req) => {
      const dados = JSON.parse(String(req.data)) as { pessoaId: string; valor: number; descricao: string };
      if (saldo() + dados.valor < 0) return errors(400, { valor: ['Crédito insuficiente: o cliente tem R$ 69,44 de crédito'] });
      const novo = lancamento({
        id: id(rows.length + 10),
        valor: dados.valor,
        origem: 'ajuste',
        origemLabel: 'Ajuste',
        descricao: dados.descricao,
        saldo: saldo() + dados.valor,
      });
      rows.unshift(novo);
      return json(novo, 201);
    },
  };
  return createFakeApi(handlers);
};

describe('customer credits page', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'shows the balance and the ledger, refuses a debit beyond the balance on the field, then records one',
    { timeout: 30_000 },
    async () => {
      const api = creditosApi();
      renderApp(`/clientes/${PESSOA_ID}/creditos`, { adapter: api.adapter });
      expect(await screen.findByRole('heading', { name: 'Créditos de Carla Dias' }, SLOW)).toBeTruthy();
      // Loaded together: the customer, the balance and the ledger before the screen shows.
      expect(screen.getByLabelText('Saldo de crédito').textContent).toMatch(/R\$\s69,44/);
      const tabela = screen.getByRole('table', { name: 'Lançamentos de crédito' });
      const linhas = within(tabela).getAllByRole('row').slice(1);
      expect(linhas.map((l) => within(l).getAllByRole('cell')[0]!.textContent)).toEqual(['11/03/2025 10:30', '10/03/2025 14:05']);
      expect(within(linhas[0]!).getByText(/−\sR\$\s30,56/)).toBeTruthy();
      expect(within(linhas[0]!).getByText('Uso em venda')).toBeTruthy();
      expect(within(linhas[1]!).getByText(/\+\sR\$\s100,00/)).toBeTruthy();
      expect(within(linhas[1]!).getByText('Bruno Lima')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Carla Dias' }).getAttribute('href')).toBe(`/clientes/${PESSOA_ID}`);

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Lançar crédito/ajuste' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByText('Débito (ajuste)'));
      await user.type(within(dialog).getByLabelText(/^Valor/), '80');
      await user.type(within(dialog).getByLabelText(/^Descrição/), 'Correção');
      await user.click(within(dialog).getByRole('button', { name: 'Lançar débito' }));
      expect(await within(dialog).findByText('Crédito insuficiente: o cliente tem R$ 69,44 de crédito')).toBeTruthy();

      await user.clear(within(dialog).getByLabelText(/^Valor/));
      await user.type(within(dialog).getByLabelText(/^Valor/), '19,44');
      await user.click(within(dialog).getByRole('button', { name: 'Lançar débito' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const posts = api.requests.filter((r) => r.method === 'POST');
      expect(JSON.parse(String(posts.at(-1)?.data))).toEqual({ pessoaId: PESSOA_ID, valor: -19.44, descricao: 'Correção' });
      // Idempotency: both attempts of one submission carry the same key.
      expect(posts[0]!.headers['idempotency-key']).toBe(posts[1]!.headers['idempotency-key']);
      await waitFor(() => expect(screen.getByLabelText('Saldo de crédito').textContent).toMatch(/R\$\s50,00/));
      expect(await screen.findByText('Correção')).toBeTruthy();
    },
  );

  it('a cashier sees the credits but cannot post adjustments', async () => {
    useSessionStore.getState().selectUnidade(FILIAL_ID);
    renderApp(`/clientes/${PESSOA_ID}/creditos`, { adapter: creditosApi().adapter });
    expect(await screen.findByRole('heading', { name: 'Créditos de Carla Dias' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lançar crédito/ajuste' })).toBeNull();
  });
});

/** A tiny in-memory /financeiro/formas-pagamento with the unit's accounts. */
const formasApi = () => {
  const rows: FormaPagamento[] = [
    {
      id: id(1),
      nome: 'Cartão de crédito',
      tipo: 'cartao_credito',
      taxaPercentual: 3.49,
      diasRecebimento: 30,
      maxParcelas: 12,
      contaDestinoId: null,
      contaDestinoNome: null,
      adquirente: null,
      adquirenteCnpj: null,
      ativo: true,
    },
  ];
  return createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /financeiro/formas-pagamento': () => json({ items: rows, total: rows.length, page: 1, pageSize: 20 }),
    'GET /financeiro/contas': () =>
      json({
        items: [
          {
            id: id(80),
            nome: 'Conta bancária',
            tipo: 'banco',
            banco: null,
            agencia: null,
            numeroConta: null,
            saldoInicial: 0,
            saldo: 0,
            ativo: true,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    'POST /financeiro/formas-pagamento': (req) => {
      const dados = JSON.parse(String(req.data)) as Omit<FormaPagamento, 'id' | 'contaDestinoNome'>;
      if (dados.nome === 'PIX') return errors(400, { nome: ['Já existe uma forma de pagamento com este nome'] });
      const forma = {
        id: id(2),
        ...dados,
        contaDestinoId: dados.contaDestinoId ?? null,
        contaDestinoNome: dados.contaDestinoId ? 'Conta bancária' : null,
      };
      rows.push(forma);
      return json(forma, 201);
    },
  });
};

describe('payment methods settings', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('lists kind, fee, D+N and installments; a new PIX method is always paid at once', { timeout: 30_000 }, async () => {
    const api = formasApi();
    const { router } = renderApp('/configuracoes/financeiro/forma-pagamento', { adapter: api.adapter });
    const linha = await screen.findByRole('row', { name: 'Editar Cartão de crédito' }, SLOW);
    expect(
      within(linha)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Cartão de crédito',
      'Cartão de crédito',
      '3,49 %',
      'D+30',
      'Até 12x',
      'Padrão da unidade',
      'Ativo',
      expect.any(String),
    ]);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('link', { name: 'Novo' }));
    expect(await screen.findByRole('heading', { name: 'Nova forma de pagamento' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Tipo é obrigatório')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Nome/), 'PIX');
    await user.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'PIX', hidden: true }, SLOW));
    expect((screen.getByLabelText(/^Máximo de parcelas/) as HTMLInputElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Taxa/), '0,99');
    await user.type(screen.getByLabelText(/^Dias para recebimento/), '{backspace}1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe uma forma de pagamento com este nome')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Nome/));
    await user.type(screen.getByLabelText(/^Nome/), 'PIX Itaú');
    await user.click(screen.getByRole('combobox', { name: /^Conta de destino/ }));
    await user.click(await screen.findByRole('option', { name: 'Conta bancária', hidden: true }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes/financeiro/forma-pagamento'));
    const post = api.requests.filter((r) => r.method === 'POST').at(-1);
    expect(JSON.parse(String(post?.data))).toEqual({
      nome: 'PIX Itaú',
      tipo: 'pix',
      taxaPercentual: 0.99,
      diasRecebimento: 1,
      maxParcelas: 1,
      contaDestinoId: id(80),
      ativo: true,
    });
    expect(await screen.findByRole('row', { name: 'Editar PIX Itaú' })).toBeTruthy();
  });

  it('shows the finance settings cards as available', async () => {
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    renderApp('/configuracoes?tab=financeiro', { adapter: api.adapter });
    expect((await screen.findByRole('link', { name: /^Formas de pagamento / })).getAttribute('href')).toBe(
      '/configuracoes/financeiro/forma-pagamento',
    );
    expect(screen.getByRole('link', { name: /^Contas / }).getAttribute('href')).toBe('/configuracoes/financeiro/contas');
    expect(screen.getByRole('link', { name: /^Categorias financeiras / }).getAttribute('href')).toBe(
      '/configuracoes/financeiro/categorias-financeiras',
    );
  });
});
