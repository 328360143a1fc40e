/**
 * "Autorização de desconto" at the till (issue #22 item 4): F10 on a sale whose discount is above
 * the cashier's limit gets 400 `autorizacaoDesconto`; the dialog asks a manager's e-mail and
 * password (focus on the e-mail, Enter confirms), a refusal stays in the dialog, and the same
 * sale — its payment included — is sent again with the authorization. Esc gives the till back
 * with the sale and its payment as they were.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VendaInput } from '@petshop/shared/venda';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePdvStore } from './pdv-store.ts';
import { body, caixasPdv, DINHEIRO, produtoPdv, vendaDe as vendaPdv } from './pdv-test-fixtures.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const PEDIDO = 'Desconto de 15,00% acima do seu limite de 10,00%: peça a autorização de um gerente';
const produto = produtoPdv({ nome: 'Ração Premium 1 kg', codigo: 'RAC1', precoVenda: 20 });
const caixas = caixasPdv;
const vendaDe = vendaPdv(produto, 8);

/** The till with one R$ 20,00 item paid in cash (F8), ready for F10. */
const tillPago = async () => {
  const api = createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /comercial/pdv/obter-caixas-para-pdv': () => json(caixas),
    'GET /inventario/produtos/busca-pdv': (r) => json(r.params.q === produto.codigoBarras ? [produto] : []),
    'GET /comercial/pdv/listar-venda-orcamento': () => json({ items: [], total: 0, page: 1, pageSize: 10 }),
    'POST /comercial/pdv/snapshot': (r) => json(vendaDe(body<{ venda: VendaInput }>(r).venda)),
    'POST /comercial/pdv/salvar-venda': (r) => {
      const input = body<VendaInput>(r);
      if (!input.autorizacaoDesconto) return errors(400, { autorizacaoDesconto: [PEDIDO] });
      if (input.autorizacaoDesconto.senha !== 'senha-do-gerente')
        return errors(400, { autorizacaoDesconto: ['E-mail ou senha do autorizador inválidos'] });
      return json(vendaDe(input, { status: 'Finalizada', emAtendimento: false, valorPago: 20, valorEmAberto: 0 }));
    },
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
  await user.clear(recebido);
  await user.type(recebido, '20{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const salvarVendas = () => api.requests.filter((r) => r.path === '/comercial/pdv/salvar-venda').map((r) => body<VendaInput>(r));
  return { api, user, entrada, salvarVendas };
};

describe('PDV: discount authorization', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    usePdvStore.getState().reset();
  });

  it('asks a manager, keeps a refusal in the dialog and finalises with the authorization', { timeout: 60_000 }, async () => {
    const { user, salvarVendas } = await tillPago();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'F10' });

    const dialogo = await screen.findByRole('dialog', { name: 'Autorização de desconto' }, SLOW);
    expect(within(dialogo).getByText(PEDIDO)).toBeTruthy();
    const email = within(dialogo).getByLabelText('E-mail do gerente') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(email));

    await user.type(email, 'gerente@loja.com.br');
    await user.type(within(dialogo).getByLabelText('Senha do gerente'), 'errada{Enter}');
    expect((await within(dialogo).findByTestId('autorizacao-erro')).textContent).toBe('E-mail ou senha do autorizador inválidos');
    expect(screen.queryByTestId('pdv-resultado')).toBeNull();

    const senha = within(dialogo).getByLabelText('Senha do gerente') as HTMLInputElement;
    await user.clear(senha);
    await user.type(senha, 'senha-do-gerente{Enter}');
    const resultado = await screen.findByTestId('pdv-resultado', undefined, SLOW);
    expect(within(resultado).getByText('Venda nº 8 finalizada')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Autorização de desconto' })).toBeNull());

    const enviados = salvarVendas();
    expect(enviados.map((v) => v.autorizacaoDesconto)).toEqual([
      undefined,
      { email: 'gerente@loja.com.br', senha: 'errada' },
      { email: 'gerente@loja.com.br', senha: 'senha-do-gerente' },
    ]);
    // The same sale, its payment included, every time.
    expect(new Set(enviados.map((v) => v.id)).size).toBe(1);
    for (const v of enviados)
      expect(v.financeiros).toEqual([{ chave: expect.any(String), formaPagamentoId: DINHEIRO, valorRecebido: 20, parcelas: 1 }]);
  });

  it('Esc gives the till back with the sale and its payment as they were', { timeout: 60_000 }, async () => {
    const { user, salvarVendas } = await tillPago();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'F10' });
    await screen.findByRole('dialog', { name: 'Autorização de desconto' }, SLOW);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Autorização de desconto' })).toBeNull());

    expect(await screen.findByText(/Desconto acima do seu limite: a venda não foi finalizada/)).toBeTruthy();
    expect(screen.getByTestId('pdv-total').textContent).toBe('R$ 20,00');
    const registro = Object.values(usePdvStore.getState().registros)[0]!;
    expect(registro.status).toBe('EmAberto');
    expect(registro.financeiros).toHaveLength(1);
    expect(salvarVendas()).toHaveLength(1);
  });
});
