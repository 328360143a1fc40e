/**
 * The till at /vendas/pdv/ with keyboard only, against an API that answers like the real one:
 * a scanner's digits + Enter add the product, the same code again adds one more, '3*' sets the
 * selected line's quantity, an unknown code says so; the record is snapshotted; F8 pays, F10
 * finalises with the pending payment (by its chave) and the result panel shows the change.
 * F-keys are the till's, never the browser's.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VendaInput } from '@petshop/shared/venda';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePdvStore } from './pdv-store.ts';
import { body, caixasPdv, CAIXA, DINHEIRO, produtoPdv, vendaDe as vendaPdv } from './pdv-test-fixtures.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const produto = produtoPdv({ nome: 'Bifinho de carne 65 g', codigo: 'BIF65', precoVenda: 7.9 });
const caixas = caixasPdv;
const vendaDe = vendaPdv(produto, 5);

describe('point of sale screen', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    usePdvStore.getState().reset();
  });

  it('sells by scanner and keyboard alone: scan, scan again, 3*, pay with change, finalise', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /comercial/pdv/obter-caixas-para-pdv': () => json(caixas),
      'GET /inventario/produtos/busca-pdv': (r) => json(r.params.q === produto.codigoBarras ? [produto] : []),
      'GET /comercial/pdv/listar-venda-orcamento': () => json({ items: [], total: 0, page: 1, pageSize: 10 }),
      'POST /comercial/pdv/snapshot': (r) => json(vendaDe(body<{ venda: VendaInput }>(r).venda)),
      'POST /comercial/pdv/salvar-venda': (r) =>
        json(
          vendaDe(body<VendaInput>(r), {
            status: 'Finalizada',
            emAtendimento: false,
            valorPago: 23.7,
            valorEmAberto: 0,
            valorTroco: 26.3,
          }),
        ),
    });
    renderApp('/vendas/pdv/', { adapter: api.adapter });
    const entrada = (await screen.findByLabelText('Código de barras, código ou nome — F3', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(entrada));
    const user = userEvent.setup({ delay: null });

    await user.type(entrada, `${produto.codigoBarras}{Enter}`);
    const tabela = await screen.findByRole('table', { name: 'Itens da venda' }, SLOW);
    expect(within(tabela).getByText(produto.nome)).toBeTruthy();
    await user.type(entrada, `${produto.codigoBarras}{Enter}`);
    await waitFor(() =>
      expect((within(tabela).getByLabelText(`Quantidade de ${produto.nome}`) as HTMLInputElement).value).toBe('2'),
    );
    await user.type(entrada, '3*{Enter}');
    await waitFor(() =>
      expect((within(tabela).getByLabelText(`Quantidade de ${produto.nome}`) as HTMLInputElement).value).toBe('3'),
    );
    expect(screen.getByTestId('pdv-total').textContent).toBe('R$ 23,70');

    await user.type(entrada, '1234{Enter}');
    expect((await screen.findByTestId('pdv-entrada-erro')).textContent).toContain('Produto não encontrado: 1234');
    await user.clear(entrada);

    // The draft reaches the server without payments and with the whole working record.
    await waitFor(
      () => {
        const snap = api.requests.filter((r) => r.path === '/comercial/pdv/snapshot').at(-1);
        expect(snap).toBeTruthy();
        const enviado = body<{ venda: VendaInput; registro: { itens: unknown[] } }>(snap!);
        expect(enviado.venda).toMatchObject({
          caixaId: CAIXA,
          itens: [{ produtoId: produto.id, quantidade: 3 }],
          financeiros: [],
        });
        expect(enviado.registro.itens).toHaveLength(1);
      },
      { timeout: 5000 },
    );
    expect(await screen.findByText(/Salvo às/, undefined, SLOW)).toBeTruthy();

    // F5 is the till's "Vendas em aberto", never the browser's reload.
    expect(fireEvent.keyDown(entrada, { key: 'F5' })).toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Vendas em aberto (F5)' }, SLOW)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(entrada, { key: 'F8' });
    const pagamento = await screen.findByRole('dialog', undefined, SLOW);
    fireEvent.keyDown(await within(pagamento).findByRole('list', { name: 'Formas de pagamento' }), { key: '1' });
    const recebido = (await within(pagamento).findByLabelText(/Valor recebido/)) as HTMLInputElement;
    await user.clear(recebido);
    await user.type(recebido, '50');
    await waitFor(() => expect(within(pagamento).getByTestId('pagamento-troco').textContent).toBe('R$ 26,30'));
    await user.type(recebido, '{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('pdv-troco').textContent).toBe('R$ 26,30');

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'F10' });
    const resultado = await screen.findByTestId('pdv-resultado', undefined, SLOW);
    expect(within(resultado).getByText('Venda nº 5 finalizada')).toBeTruthy();
    expect(within(resultado).getByTestId('resultado-troco').textContent).toBe('R$ 26,30');
    const salvar = api.requests.find((r) => r.path === '/comercial/pdv/salvar-venda')!;
    const enviado = body<VendaInput>(salvar);
    expect(enviado.financeiros).toEqual([
      { chave: expect.any(String), formaPagamentoId: DINHEIRO, valorRecebido: 50, parcelas: 1 },
    ]);

    // Enter moves on: a fresh movement on the till.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('pdv-resultado')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('pdv-total').textContent).toBe('R$ 0,00'));
    expect(usePdvStore.getState().atualId).not.toBe(enviado.id);
  });

  it(
    'shows the stock in the search and warns on a line above it as soon as it is typed (issue #15)',
    { timeout: 60_000 },
    async () => {
      const api = createFakeApi({
        'GET /auth/me': () => json(loginOutput().user),
        'GET /comercial/pdv/obter-caixas-para-pdv': () => json(caixas),
        'GET /inventario/produtos/busca-pdv': (r) =>
          json(r.params.q === produto.codigoBarras || String(r.params.q).startsWith('bif') ? [produto] : []),
        'GET /comercial/pdv/listar-venda-orcamento': () => json({ items: [], total: 0, page: 1, pageSize: 10 }),
        'POST /comercial/pdv/snapshot': (r) => json(vendaDe(body<{ venda: VendaInput }>(r).venda)),
      });
      renderApp('/vendas/pdv/', { adapter: api.adapter });
      const entrada = (await screen.findByLabelText(
        'Código de barras, código ou nome — F3',
        undefined,
        SLOW,
      )) as HTMLInputElement;
      await waitFor(() => expect(document.activeElement).toBe(entrada));
      const user = userEvent.setup({ delay: null });

      await user.type(entrada, 'bif');
      const lista = await screen.findByRole('listbox', { name: 'Produtos encontrados' }, SLOW);
      expect(within(lista).getByTestId('pdv-resultado-estoque').textContent).toBe('Estoque: 62 UN');
      await user.clear(entrada);

      await user.type(entrada, `62*${produto.codigoBarras}{Enter}`);
      const tabela = await screen.findByRole('table', { name: 'Itens da venda' }, SLOW);
      expect(within(tabela).queryByTestId('pdv-aviso-estoque')).toBeNull();
      await user.type(entrada, '99999*{Enter}');
      await waitFor(() => expect(within(tabela).getByTestId('pdv-aviso-estoque').textContent).toBe('Acima do estoque: há 62 UN'));
      // Typed in the line's own quantity field too, and gone once back within the balance.
      const quantidade = within(tabela).getByLabelText(`Quantidade de ${produto.nome}`) as HTMLInputElement;
      await user.clear(quantidade);
      await user.type(quantidade, '10{Enter}');
      await waitFor(() => expect(within(tabela).queryByTestId('pdv-aviso-estoque')).toBeNull());
      await user.clear(quantidade);
      await user.type(quantidade, '63{Enter}');
      expect((await within(tabela).findByTestId('pdv-aviso-estoque')).textContent).toBe('Acima do estoque: há 62 UN');
    },
  );

  it('a unit that sells below zero is not warned about stock', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /comercial/pdv/obter-caixas-para-pdv': () => json({ ...caixas, permiteEstoqueNegativo: true }),
      'GET /inventario/produtos/busca-pdv': (r) => json(r.params.q === produto.codigoBarras ? [produto] : []),
      'GET /comercial/pdv/listar-venda-orcamento': () => json({ items: [], total: 0, page: 1, pageSize: 10 }),
      'POST /comercial/pdv/snapshot': (r) => json(vendaDe(body<{ venda: VendaInput }>(r).venda)),
    });
    renderApp('/vendas/pdv/', { adapter: api.adapter });
    const entrada = (await screen.findByLabelText('Código de barras, código ou nome — F3', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(entrada));
    const user = userEvent.setup({ delay: null });
    await user.type(entrada, `99*${produto.codigoBarras}{Enter}`);
    const tabela = await screen.findByRole('table', { name: 'Itens da venda' }, SLOW);
    await waitFor(() =>
      expect((within(tabela).getByLabelText(`Quantidade de ${produto.nome}`) as HTMLInputElement).value).toBe('99'),
    );
    expect(within(tabela).queryByTestId('pdv-aviso-estoque')).toBeNull();
  });

  it('while a confirmation is open the till keys do nothing (issue #15 item 1)', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /comercial/pdv/obter-caixas-para-pdv': () => json(caixas),
      'GET /inventario/produtos/busca-pdv': (r) => json(r.params.q === produto.codigoBarras ? [produto] : []),
      'GET /comercial/pdv/listar-venda-orcamento': () => json({ items: [], total: 0, page: 1, pageSize: 10 }),
      'POST /comercial/pdv/snapshot': (r) => json(vendaDe(body<{ venda: VendaInput }>(r).venda)),
      'POST /comercial/pdv/salvar-venda': (r) => json(vendaDe(body<VendaInput>(r), { status: 'Finalizada' })),
    });
    renderApp('/vendas/pdv/', { adapter: api.adapter });
    const entrada = (await screen.findByLabelText('Código de barras, código ou nome — F3', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(entrada));
    const user = userEvent.setup({ delay: null });
    await user.type(entrada, `${produto.codigoBarras}{Enter}`);
    await screen.findByRole('table', { name: 'Itens da venda' }, SLOW);

    fireEvent.keyDown(entrada, { key: 'F8' });
    const pagamento = await screen.findByRole('dialog', undefined, SLOW);
    fireEvent.keyDown(await within(pagamento).findByRole('list', { name: 'Formas de pagamento' }), { key: '1' });
    const recebido = (await within(pagamento).findByLabelText(/Valor recebido/)) as HTMLInputElement;
    // Part of it: R$ 2,90 stays open, so F8 could pay more.
    await user.clear(recebido);
    await user.type(recebido, '5{Enter}');
    await waitFor(() => expect(screen.getByTestId('pdv-falta').textContent).toBe('R$ 2,90'));
    fireEvent.keyDown(await within(pagamento).findByRole('list', { name: 'Formas de pagamento' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Excluir pagamento Dinheiro R$ 5,00' }));
    const confirmacao = await screen.findByRole('dialog', { name: 'Excluir pagamento' }, SLOW);
    for (const key of ['F8', 'F4', 'F6', 'F7', 'F9', 'F10', 'F5']) {
      expect(fireEvent.keyDown(document.activeElement ?? document.body, { key })).toBe(false);
    }
    // No till window was asked for (the payment window opened on top of it before the fix).
    expect(usePdvStore.getState().modal).toBeNull();
    expect(screen.getAllByRole('dialog')).toEqual([confirmacao]);
    expect(api.requests.some((r) => r.path === '/comercial/pdv/salvar-venda')).toBe(false);
    expect(screen.queryByTestId('pdv-resultado')).toBeNull();
  });

  it('shows "Caixa fechado" with F2 when the user has no open register', async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /comercial/pdv/obter-caixas-para-pdv': () => json({ ...caixas, caixas: [] }),
    });
    renderApp('/vendas/pdv/', { adapter: api.adapter });
    const painel = await screen.findByTestId('pdv-caixa-fechado', undefined, SLOW);
    expect(within(painel).getByRole('heading', { name: 'Caixa fechado' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'F2' });
    expect(await screen.findByRole('dialog', { name: 'Abrir caixa' }, SLOW)).toBeTruthy();
  });
});
