/**
 * /financeiro/recorrencias/ through the real route and a fake API speaking the contract: the
 * list (values, frequency, end, next due date, generated count, status colours), the status
 * filter sent to the API, the form's validation messages, the preview of the next due dates,
 * the body posted (client uuid, only the end field in use) and pausing after confirmation.
 */
import { addDays, addMonths } from '@petshop/shared/venda';
import type { Recorrencia, RecorrenciaInput } from '@petshop/shared/financeiro';
import { formatDate } from '@petshop/shared/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const recorrencia = (over: Partial<Recorrencia>): Recorrencia => ({
  id: id(1),
  descricao: 'Aluguel da loja',
  fornecedor: { id: id(10), nome: 'Imobiliária Central' },
  categoriaFinanceira: { id: id(20), nome: 'Aluguel' },
  formaPagamento: null,
  conta: null,
  valor: 3500,
  frequencia: 'mensal',
  intervalo: 1,
  dataInicio: '2025-01-05',
  termino: 'sem_fim',
  dataFim: null,
  totalOcorrencias: null,
  status: 'Ativa',
  observacoes: null,
  geradas: 6,
  proximoVencimento: '2025-04-05',
  ...over,
});

const money = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

const setup = () => {
  const rows: Recorrencia[] = [
    recorrencia({}),
    recorrencia({
      id: id(2),
      descricao: 'Manutenção do ar',
      fornecedor: null,
      categoriaFinanceira: null,
      valor: 480.9,
      frequencia: 'mensal',
      intervalo: 2,
      termino: 'ocorrencias',
      totalOcorrencias: 6,
      status: 'Pausada',
      geradas: 2,
      proximoVencimento: null,
    }),
  ];
  return createFakeApi({
    'GET /auth/me': () => json(useSessionStore.getState().user),
    'GET /financeiro/recorrencias': () => json({ items: rows, total: rows.length, page: 1, pageSize: 20 }),
    'GET /financeiro/categorias-financeiro': () =>
      json({
        items: [{ id: id(20), nome: 'Aluguel', caminho: 'Despesas operacionais › Aluguel', tipo: 'despesa', ativo: true }],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    'GET /financeiro/formas-pagamento': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    'GET /financeiro/contas': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    'GET /inventario/fornecedores': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    'POST /financeiro/recorrencias': (req) => {
      const body = JSON.parse(String(req.data)) as RecorrenciaInput;
      const nova = recorrencia({ id: String(body.id), descricao: body.descricao, valor: Number(body.valor), geradas: 3 });
      rows.unshift(nova);
      return json(nova, 201);
    },
    [`POST /financeiro/recorrencias/${id(1)}/pausar`]: () => {
      rows[rows.findIndex((r) => r.id === id(1))] = recorrencia({ status: 'Pausada', proximoVencimento: null });
      return json(rows.find((r) => r.id === id(1)));
    },
  });
};

describe('/financeiro/recorrencias/', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('lists the recurrences with value, frequency, end, next due date, generated count and status, and filters by status', async () => {
    const api = setup();
    renderApp('/financeiro/recorrencias?status=Ativa,Pausada', { adapter: api.adapter });
    const tabela = await screen.findByRole('table', { name: 'Recorrências' }, SLOW);
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(3));
    expect(api.requests.find((r) => r.path === '/financeiro/recorrencias')?.params).toEqual({
      page: 1,
      pageSize: 20,
      status: 'Ativa,Pausada',
    });
    const aluguel = within(tabela).getByRole('row', { name: 'Aluguel da loja' });
    expect(
      within(aluguel)
        .getAllByRole('cell')
        .map((c) => money(c.textContent)),
    ).toEqual([
      'Aluguel da lojaImobiliária Central · Aluguel',
      'R$ 3.500,00',
      'Mensaldesde 05/01/2025 · Sem data para terminar',
      '05/04/2025',
      '6',
      'Ativa',
      '',
    ]);
    const ar = within(tabela).getByRole('row', { name: 'Manutenção do ar' });
    expect(money(ar.textContent)).toContain('R$ 480,90');
    expect(ar.textContent).toContain('A cada 2 meses');
    expect(ar.textContent).toContain('6 vezes');
    expect(within(ar).getByText('Pausada').closest('.mantine-Badge-root')?.getAttribute('style')).toContain('yellow');
    expect(within(aluguel).getByText('Ativa').closest('.mantine-Badge-root')?.getAttribute('style')).toContain('green');
    expect(screen.getByRole('tab', { name: 'Recorrências' }).getAttribute('aria-current')).toBe('page');
  });

  it(
    'shows the validation messages, previews the next due dates and posts the recurrence once',
    { timeout: 30_000 },
    async () => {
      const api = setup();
      renderApp('/financeiro/recorrencias', { adapter: api.adapter });
      await screen.findByRole('table', { name: 'Recorrências' }, SLOW);
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Nova recorrência' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Criar recorrência' }));
      expect(await within(dialog).findByText('Descrição é obrigatória')).toBeTruthy();
      expect(within(dialog).getByText('Valor é obrigatório')).toBeTruthy();
      expect(within(dialog).getByText('Primeiro vencimento é obrigatório')).toBeTruthy();
      expect(within(dialog).getByText('Informe o primeiro vencimento para ver as datas.')).toBeTruthy();

      const inicio = addDays(hojeNaUnidade(), 3);
      await user.type(within(dialog).getByLabelText(/^Descrição/), 'Energia elétrica');
      await user.type(within(dialog).getByLabelText(/^Valor/), '289,90');
      await user.type(within(dialog).getByLabelText(/^Primeiro vencimento/), formatDate(inicio));
      await user.click(within(dialog).getByText('Por um número de vezes'));
      await user.type(await within(dialog).findByLabelText(/^Número de vezes/), '3');

      const previa = within(dialog).getByLabelText('Próximos vencimentos');
      await waitFor(() =>
        expect(
          within(previa)
            .getAllByText(/\d\d\/\d\d\/\d{4}/)
            .map((b) => money(b.textContent)),
        ).toEqual([0, 1, 2].map((n) => `${formatDate(addMonths(inicio, n))} · R$ 289,90`)),
      );

      await user.dblClick(within(dialog).getByRole('button', { name: 'Criar recorrência' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const posts = api.requests.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]!.data))).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        descricao: 'Energia elétrica',
        valor: 289.9,
        frequencia: 'mensal',
        intervalo: 1,
        dataInicio: inicio,
        termino: 'ocorrencias',
        totalOcorrencias: 3,
      });
      expect(await screen.findByRole('row', { name: 'Energia elétrica' })).toBeTruthy();
    },
  );

  it('pauses a recurrence after confirmation', async () => {
    const api = setup();
    renderApp('/financeiro/recorrencias', { adapter: api.adapter });
    const tabela = await screen.findByRole('table', { name: 'Recorrências' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(await within(tabela).findByRole('button', { name: 'Ações de Aluguel da loja' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Pausar' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('As despesas futuras ainda em aberto serão excluídas');
    await user.click(within(confirm).getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith(`${id(1)}/pausar`))).toBe(true));
    await waitFor(() =>
      expect(within(within(tabela).getByRole('row', { name: 'Aluguel da loja' })).getByText('Pausada')).toBeTruthy(),
    );
  });
});
