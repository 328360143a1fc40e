/**
 * Closing a register on /vendas/movimentacoes-caixa/{id}: the register is loaded first, the
 * closing form asks one count per counted method (cash first; a prazo is not counted), the
 * difference follows each keystroke, and the confirmation sends the counts; a closed register
 * shows no actions. An id that is not a register falls back to the movement.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Caixa, MovimentacaoCaixa, TotalFormaCaixa } from '@petshop/shared/caixa';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { adminUser, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const CAIXA_ID = '55555555-5555-4555-8555-555555555555';
const MOV_ID = '66666666-6666-4666-8666-666666666666';
const PIX = '77777777-7777-4777-8777-777777777777';
const A_PRAZO = '88888888-8888-4888-8888-888888888888';

const total = (
  t: Partial<TotalFormaCaixa> & Pick<TotalFormaCaixa, 'formaPagamentoId' | 'nome' | 'tipo' | 'esperado'>,
): TotalFormaCaixa => ({
  conferir: true,
  entradas: t.esperado,
  saidas: 0,
  contado: null,
  diferenca: null,
  ...t,
});

const movimento: MovimentacaoCaixa = {
  id: MOV_ID,
  caixaId: CAIXA_ID,
  caixaNumero: 7,
  caixaStatus: 'Aberto',
  tipo: 'abertura',
  valor: 100,
  descricao: 'Abertura do caixa nº 7 com R$ 100,00',
  formaPagamento: null,
  usuario: { id: adminUser().id, nome: 'Ana Souza' },
  venda: null,
  devolucao: null,
  conta: null,
  categoriaFinanceira: null,
  pessoa: null,
  createdAt: '2026-03-10T12:00:00.000Z',
};

const caixaAberto = (overrides: Partial<Caixa> = {}): Caixa => ({
  id: CAIXA_ID,
  numero: 7,
  status: 'Aberto',
  usuario: { id: adminUser().id, nome: 'Ana Souza' },
  dataAbertura: '2026-03-10T12:00:00.000Z',
  dataFechamento: null,
  fechadoPor: null,
  valorAbertura: 100,
  entradas: 410.5,
  saidas: 0,
  saldoDinheiro: 150.5,
  valorEsperado: null,
  valorContado: null,
  diferenca: null,
  fechamentoCego: false,
  observacoes: null,
  totaisPorForma: [
    total({ formaPagamentoId: null, nome: 'Dinheiro', tipo: 'dinheiro', esperado: 150.5 }),
    total({ formaPagamentoId: A_PRAZO, nome: 'A prazo', tipo: 'a_prazo', esperado: 60, conferir: false }),
    total({ formaPagamentoId: PIX, nome: 'PIX', tipo: 'pix', esperado: 200 }),
  ],
  conferencia: null,
  movimentacoes: [movimento],
  ...overrides,
});

describe('closing a register', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'shows the live difference per method and in total, then sends the counts after confirming',
    { timeout: 60_000 },
    async () => {
      let fechado: Caixa | null = null;
      const api = createFakeApi({
        'GET /auth/me': () => json(loginOutput().user),
        [`GET /comercial/caixas/${CAIXA_ID}`]: () => json(fechado ?? caixaAberto()),
        [`POST /comercial/caixas/${CAIXA_ID}/fechar`]: () => {
          fechado = caixaAberto({
            status: 'Fechado',
            dataFechamento: '2026-03-10T22:00:00.000Z',
            fechadoPor: { id: adminUser().id, nome: 'Ana Souza' },
            valorEsperado: 150.5,
            valorContado: 145,
            diferenca: -5.5,
          });
          return json(fechado);
        },
      });
      renderApp(`/vendas/movimentacoes-caixa/${CAIXA_ID}`, { adapter: api.adapter });
      const form = await screen.findByRole('form', { name: 'Fechar caixa' }, SLOW);
      const user = userEvent.setup({ delay: null });

      // Cash first, then PIX; a prazo is not counted at the till.
      const contagens = within(form)
        .getAllByRole('textbox')
        .map((i) => i.getAttribute('aria-label'))
        .filter((label) => label?.startsWith('Contado'));
      expect(contagens).toEqual(['Contado em Dinheiro', 'Contado em PIX']);
      expect(within(form).queryByLabelText('Contado em A prazo')).toBeNull();

      // Before counting: everything is short.
      const diferenca = (nome: string) => within(form).getByLabelText(`Diferença em ${nome}`).textContent;
      expect(diferenca('Dinheiro')).toBe('-R$ 150,50');
      expect(within(form).getByLabelText('Diferença total').textContent).toBe('-R$ 350,50');

      await user.type(within(form).getByLabelText('Contado em Dinheiro'), '145');
      await waitFor(() => expect(diferenca('Dinheiro')).toBe('-R$ 5,50'));
      await user.type(within(form).getByLabelText('Contado em PIX'), '210');
      await waitFor(() => expect(diferenca('PIX')).toBe('+R$ 10,00'));
      expect(within(form).getByLabelText('Diferença total').textContent).toBe('+R$ 4,50');
      expect(within(form).getByRole('status').textContent).toBe('Sobra R$ 4,50 em relação ao esperado.');
      await user.clear(within(form).getByLabelText('Contado em PIX'));
      await user.type(within(form).getByLabelText('Contado em PIX'), '200');
      await waitFor(() => expect(diferenca('PIX')).toBe('R$ 0,00'));
      expect(within(form).getByRole('status').textContent).toBe('Falta R$ 5,50 em relação ao esperado.');

      await user.click(within(form).getByRole('button', { name: 'Fechar caixa' }));
      const confirmar = await screen.findByRole('button', { name: 'Confirmar fechamento' }, SLOW);
      expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
      await user.click(confirmar);

      await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
      const post = api.requests.find((r) => r.method === 'POST')!;
      expect(JSON.parse(String(post.data))).toEqual({
        contagens: [
          { formaPagamentoId: null, valorContado: 145 },
          { formaPagamentoId: PIX, valorContado: 200 },
        ],
      });
      expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);

      // Closed: read only, no actions, no closing form.
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Fechar caixa' })).toBeNull(), SLOW);
      expect(screen.queryByRole('group', { name: 'Ações do caixa nº 7' })).toBeNull();
      expect(screen.getByText('Fechado')).toBeTruthy();
    },
  );

  it(
    'blind closing: the cashier counts without expected amounts, sees "Caixa fechado" without the difference and prints the report',
    { timeout: 60_000 },
    async () => {
      // As the API answers a cashier of a unit that closes blind: expected amounts withheld.
      const cego = (overrides: Partial<Caixa> = {}): Caixa => {
        const c = caixaAberto(overrides);
        return {
          ...c,
          fechamentoCego: true,
          entradas: null,
          saidas: null,
          saldoDinheiro: null,
          valorEsperado: null,
          diferenca: null,
          totaisPorForma: c.totaisPorForma.map((t) => ({ ...t, entradas: null, saidas: null, esperado: null, diferenca: null })),
        };
      };
      let fechado: Caixa | null = null;
      const api = createFakeApi({
        'GET /auth/me': () => json(loginOutput().user),
        [`GET /comercial/caixas/${CAIXA_ID}`]: () => json(fechado ?? cego()),
        [`POST /comercial/caixas/${CAIXA_ID}/fechar`]: () => {
          fechado = cego({
            status: 'Fechado',
            dataFechamento: '2026-03-10T22:00:00.000Z',
            fechadoPor: { id: adminUser().id, nome: 'Ana Souza' },
            valorContado: 145,
          });
          return json(fechado);
        },
        [`GET /comercial/caixas/${CAIXA_ID}/imprimir`]: () => json(new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
      });
      renderApp(`/vendas/movimentacoes-caixa/${CAIXA_ID}`, { adapter: api.adapter });
      const form = await screen.findByRole('form', { name: 'Fechar caixa' }, SLOW);
      const user = userEvent.setup({ delay: null });

      expect(within(form).getByText('Fechamento cego: informe o valor contado')).toBeTruthy();
      expect(within(form).queryByRole('columnheader', { name: 'Esperado' })).toBeNull();
      expect(within(form).queryByRole('columnheader', { name: 'Diferença' })).toBeNull();
      expect(within(form).queryByLabelText('Diferença em Dinheiro')).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Esperado' })).toBeNull();
      expect(screen.queryByText('Dinheiro em caixa')).toBeNull();

      await user.type(within(form).getByLabelText('Contado em Dinheiro'), '145');
      await user.type(within(form).getByLabelText('Contado em PIX'), '200');
      await waitFor(() => expect(within(form).getByLabelText('Total contado').textContent).toBe('R$ 345,00'));
      // No over/short notice: that would tell the expected amount.
      expect(within(form).queryByRole('status')).toBeNull();

      await user.click(within(form).getByRole('button', { name: 'Fechar caixa' }));
      await screen.findByRole('button', { name: 'Confirmar fechamento' }, SLOW);
      expect(screen.getByText('Contado R$ 345,00.')).toBeTruthy();
      expect(screen.queryByText(/esperados/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Confirmar fechamento' }));

      expect(await screen.findByText('Caixa fechado', undefined, SLOW)).toBeTruthy();
      expect(screen.queryByText('Quebra de caixa (dinheiro)')).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Diferença' })).toBeNull();

      // "Imprimir fechamento" asks the report's PDF (80 mm by default).
      await user.click(screen.getByRole('button', { name: 'Imprimir fechamento' }));
      await waitFor(() =>
        expect(api.requests.some((r) => r.path === `/comercial/caixas/${CAIXA_ID}/imprimir` && r.method === 'GET')).toBe(true),
      );
      const impressao = api.requests.find((r) => r.path.endsWith('/imprimir'))!;
      expect(impressao.params).toEqual({});
      expect(impressao.config.responseType).toBe('blob');
    },
  );

  it('shows the server refusal on the form', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /comercial/caixas/${CAIXA_ID}`]: () => json(caixaAberto()),
      [`POST /comercial/caixas/${CAIXA_ID}/fechar`]: () =>
        errors(400, {
          generalErrors: ['Este caixa está fechado: abra um caixa para continuar'],
          'contagens.1.valorContado': ['Valor contado é obrigatório'],
        }),
    });
    renderApp(`/vendas/movimentacoes-caixa/${CAIXA_ID}`, { adapter: api.adapter });
    const form = await screen.findByRole('form', { name: 'Fechar caixa' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(within(form).getByRole('button', { name: 'Fechar caixa' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar fechamento' }, SLOW));
    expect(await within(form).findByText('Este caixa está fechado: abra um caixa para continuar', undefined, SLOW)).toBeTruthy();
    expect(within(form).getByText('Valor contado é obrigatório')).toBeTruthy();
  });

  it("a closed register and someone else's register without caixa.fechar show no actions", { timeout: 60_000 }, async () => {
    // A profile without caixa.fechar looking at a colleague's register.
    const semFechar = adminUser();
    semFechar.unidadesNegocio = semFechar.unidadesNegocio.map((u) => ({
      ...u,
      permissoes: u.permissoes.filter((p) => p !== 'caixa.fechar'),
    }));
    useSessionStore.getState().login({ accessToken: 'token-1', user: semFechar });
    const api = createFakeApi({
      'GET /auth/me': () => json(semFechar),
      [`GET /comercial/caixas/${CAIXA_ID}`]: () => json(caixaAberto({ usuario: { id: 'outra-pessoa', nome: 'Bruno Caixa' } })),
    });
    renderApp(`/vendas/movimentacoes-caixa/${CAIXA_ID}`, { adapter: api.adapter });
    expect(await screen.findByText(/Operador: Bruno Caixa/, undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Fechar caixa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sangria' })).toBeNull();
  });

  it('an id that is not a register shows the movement with a link to its register', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /comercial/caixas/${MOV_ID}`]: () => errors(404, { generalErrors: ['Caixa não encontrado'] }),
      [`GET /comercial/movimentacoes-caixa/${MOV_ID}`]: () => json(movimento),
    });
    renderApp(`/vendas/movimentacoes-caixa/${MOV_ID}`, { adapter: api.adapter });
    const link = await screen.findByRole('link', { name: 'Caixa nº 7' }, SLOW);
    expect(link.getAttribute('href')).toBe(`/vendas/movimentacoes-caixa/${CAIXA_ID}`);
    expect(screen.getByText('Abertura do caixa nº 7 com R$ 100,00')).toBeTruthy();
  });
});
