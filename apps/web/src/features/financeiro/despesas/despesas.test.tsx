/**
 * /financeiro/despesas/ and /financeiro/despesas/{id} against a fake API speaking the contract:
 * the overview's link `?status=Vencida` reaches the API as the status filter, the overdue row is
 * shown 'Vencida' in red with the filtered totals, the search box has the focus; a row opens the
 * payable, whose partial settlement is reversed ("Cancelar baixa", confirmed) back to open, and
 * a file is attached and removed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { baixaFixture, despesaFixture, opcoesHandlers, pagina } from '../titulos/titulos-fixture.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type FakeHandler } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const moeda = (texto: string | null) => (texto ?? '').replace(/\s/g, ' ');

describe('payables list', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('takes ?status=Vencida from the overview, shows the overdue row in red and the totals', { timeout: 30_000 }, async () => {
    const vencida = despesaFixture({
      dataVencimento: '2020-01-10',
      vencida: true,
      valorPago: 40,
      valorEmAberto: 60,
      status: 'BaixaParcial',
    });
    const api = createFakeApi({
      ...(opcoesHandlers as Record<string, FakeHandler>),
      'GET /auth/me': () => json(loginOutput().user),
      'GET /financeiro/despesas': () =>
        json(pagina([vencida], { valor: 100, valorPago: 40, valorEmAberto: 60, valorEmAbertoLiquido: 60, valorVencido: 60 })),
    });
    const { router } = renderApp('/financeiro/despesas?status=Vencida', { adapter: api.adapter });
    const tabela = await screen.findByRole('table', { name: 'Despesas' }, SLOW);
    const linha = await within(tabela).findByRole('row', { name: 'Abrir Aluguel da loja 1/3' }, SLOW);
    const chamadas = api.requests.filter((r) => r.path === '/financeiro/despesas' && r.params.pageSize === 20);
    expect(chamadas.at(-1)!.params).toMatchObject({ status: 'Vencida', page: 1, pageSize: 20 });
    expect(chamadas.at(-1)!.params.dataInicio).toBeUndefined();
    expect(within(linha).getByText('Vencida')).toBeTruthy();
    expect(within(linha).getByText('10/01/2020')).toBeTruthy();
    expect(within(linha).getByText('Imobiliária Central')).toBeTruthy();
    const totais = screen.getByRole('group', { name: 'Totais da lista' });
    expect(moeda(within(totais).getByLabelText('Vencido').textContent)).toContain('R$ 60,00');
    expect(moeda(within(totais).getByLabelText('Pago').textContent)).toContain('R$ 40,00');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Buscar' }));
    // The finance tabs sit under the header, "Despesas" current.
    expect(screen.getByRole('tab', { name: 'Despesas' }).getAttribute('aria-current')).toBe('page');

    // Another status joins the filter; the API reads them comma-separated.
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Em aberto', hidden: true }));
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.path === '/financeiro/despesas' && r.params.pageSize === 20).at(-1)!.params,
      ).toMatchObject({
        status: 'Vencida,EmAberto',
      }),
    );
    expect(router.state.location.search).toMatchObject({ status: ['Vencida', 'EmAberto'] });
  });
});

describe('payable page', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('reverses a settlement after confirming, and attaches and removes a file', { timeout: 30_000 }, async () => {
    let despesa = despesaFixture({ valorPago: 40, valorEmAberto: 60, status: 'BaixaParcial', baixas: [baixaFixture()] });
    const api = createFakeApi({
      ...(opcoesHandlers as Record<string, FakeHandler>),
      'GET /auth/me': () => json(loginOutput().user),
      'GET /financeiro/despesas': () => json(pagina([despesa])),
      [`GET /financeiro/despesas/${despesa.id}`]: () => json(despesa),
      'POST /financeiro/despesas/cancelar-baixar': () => {
        despesa = {
          ...despesa,
          valorPago: 0,
          valorEmAberto: 100,
          status: 'EmAberto',
          baixas: [baixaFixture({ estornadaEm: '2025-03-06T12:00:00.000Z' })],
        };
        return json(despesa);
      },
      [`POST /financeiro/despesas/${despesa.id}/anexos`]: () => {
        despesa = { ...despesa, anexos: [{ id: 'a1', nome: 'boleto.pdf', tamanho: 2048, url: '/api/arquivos/a1' }] };
        return json(despesa, 201);
      },
      [`DELETE /financeiro/despesas/${despesa.id}/anexos/a1`]: () => {
        despesa = { ...despesa, anexos: [] };
        return json(despesa);
      },
    });
    const { router } = renderApp('/financeiro/despesas/', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('row', { name: 'Abrir Aluguel da loja 1/3' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/financeiro/despesas/${despesa.id}`));
    expect(await screen.findByRole('heading', { name: 'Aluguel da loja' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Baixa parcial')).toBeTruthy();
    // Partly settled: no edit or cancel, only settling the rest or reversing.
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Baixar' })).toBeTruthy();

    const baixas = screen.getByRole('table', { name: 'Baixas' });
    await user.click(within(baixas).getByRole('button', { name: 'Cancelar baixa' }));
    const confirmar = await screen.findByRole('dialog', { name: 'Cancelar baixa' });
    expect(confirmar.textContent).toMatch(/R\$\s40,00 de 05\/03\/2025/);
    await user.click(within(confirmar).getByRole('button', { name: 'Cancelar baixa' }));
    await waitFor(() => expect(screen.getByText('Em aberto', { selector: '.mantine-Badge-label' })).toBeTruthy());
    const posts = api.requests.filter((r) => r.path === '/financeiro/despesas/cancelar-baixar');
    expect(posts.map((p) => JSON.parse(String(p.data)))).toEqual([{ id: despesa.id, baixaId: baixaFixture().id }]);
    expect(within(screen.getByRole('table', { name: 'Baixas' })).getByText('Cancelada em 06/03/2025')).toBeTruthy();
    // Open and unsettled again: it can be edited.
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();

    const arquivo = new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' });
    const anexos = screen.getByRole('region', { name: 'Anexos' });
    await user.upload(anexos.querySelector('input[type="file"]') as HTMLInputElement, arquivo);
    const link = await within(anexos).findByRole('link', { name: 'boleto.pdf' });
    expect(link.getAttribute('href')).toBe('/api/arquivos/a1');
    const upload = api.requests.find((r) => r.method === 'POST' && r.path.endsWith('/anexos'))!;
    expect((upload.data as FormData).get('arquivo')).toBeInstanceOf(File);

    await user.click(within(anexos).getByRole('button', { name: 'Remover boleto.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(within(anexos).queryByRole('link', { name: 'boleto.pdf' })).toBeNull());
    expect(api.requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/anexos/a1'))).toBe(true);
  });
});
