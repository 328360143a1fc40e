/**
 * The product form: prices kept consistent while typing, the barcode sent as digits, and
 * errors of fields on other tabs marking those tabs.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const UN = '88888888-8888-4888-8888-888888888888';
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });

const setup = () => {
  let attempt = 0;
  const api = createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /inventario/unidades-medida': () =>
      json(page([{ id: UN, sigla: 'UN', descricao: 'Unidade', permiteVendaFracionada: false, ativo: true }])),
    'GET /inventario/marcas': () => json(page([])),
    'GET /inventario/categorias-produto': () => json(page([])),
    'GET /inventario/produtos': () => json(page([])),
    'POST /inventario/produtos': () => {
      attempt += 1;
      return attempt === 1
        ? errors(400, { 'fiscal.ncm': ['NCM deve ter 8 dígitos'], codigoBarras: ['Código de barras já cadastrado'] })
        : json({ id: 'novo' }, 201);
    },
  });
  return api;
};

describe('product form', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('keeps cost, markup and price consistent and marks the tabs whose fields have errors', { timeout: 60_000 }, async () => {
    const api = setup();
    const { router } = renderApp('/produtos/form', { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Novo produto' }, SLOW)).toBeTruthy();
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText(/^Nome/), 'Coleira Antipulgas Seresto');
    await user.type(screen.getByLabelText('Código de barras'), '7891000315507');
    await user.click(screen.getByRole('combobox', { name: /^Unidade de medida/ }));
    await user.click(await screen.findByRole('option', { name: 'UN - Unidade', hidden: true }, SLOW));

    await user.click(screen.getByRole('tab', { name: 'Preços' }));
    const custo = screen.getByLabelText('Preço de custo') as HTMLInputElement;
    const markup = screen.getByLabelText('Markup') as HTMLInputElement;
    const venda = screen.getByLabelText('Preço de venda') as HTMLInputElement;
    await user.type(markup, '50');
    await user.type(custo, '100');
    await waitFor(() => expect(venda.value).toBe('R$ 150,00'));
    // Editing the price recomputes the markup.
    await user.clear(venda);
    await user.type(venda, '120');
    await waitFor(() => expect(markup.value).toBe('20 %'));
    // Editing the markup recomputes the price again.
    await user.clear(markup);
    await user.type(markup, '35');
    await waitFor(() => expect(venda.value).toBe('R$ 135,00'));
    expect(screen.getByText('R$ 35,00')).toBeTruthy(); // profit per unit

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // The server refused fields of Geral and Fiscal: both tabs are marked, the first opens.
    expect(await screen.findByRole('tab', { name: /Fiscal \(com erros\)/ }, SLOW)).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Geral \(com erros\)/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Preços' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Geral/ }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('Código de barras já cadastrado')).toBeTruthy();

    const [first] = api.requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(String(first?.data))).toMatchObject({
      tipo: 'produto',
      nome: 'Coleira Antipulgas Seresto',
      codigoBarras: '7891000315507',
      unidadeMedidaId: UN,
      precoCusto: 100,
      markup: 35,
      precoVenda: 135,
      controlaEstoque: true,
      granel: null,
      fiscal: { cfop: '5102', origem: '0' },
    });

    await user.click(screen.getByRole('tab', { name: /Fiscal/ }));
    expect(screen.getByText('NCM deve ter 8 dígitos')).toBeTruthy();
    await user.type(screen.getByLabelText(/^NCM/), '23091000');
    expect((screen.getByLabelText(/^NCM/) as HTMLInputElement).value).toBe('2309.10.00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'), SLOW);
  });

  it('turns stock and bulk off for a service', { timeout: 30_000 }, async () => {
    const api = setup();
    renderApp('/produtos/form', { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Novo produto' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Serviço'));
    expect(screen.getByRole('tab', { name: 'Estoque' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Granel' }).hasAttribute('disabled')).toBe(true);
  });
});
