/**
 * The payment method settings keep a card method's default acquirer (issue #15 item 4): the
 * fields show on card kinds only, are read from and sent to the API.
 */
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const ID = '00000000-0000-4000-8000-000000000001';
const STONE_CNPJ = '16501555000157';

describe('payment method settings: default acquirer', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('edits the acquirer of a card method and sends it; a PIX method has none', { timeout: 30_000 }, async () => {
    const forma: FormaPagamento = {
      id: ID,
      nome: 'Cartão de crédito',
      tipo: 'cartao_credito',
      taxaPercentual: 3.49,
      diasRecebimento: 30,
      maxParcelas: 12,
      contaDestinoId: null,
      contaDestinoNome: null,
      adquirente: 'Cielo',
      adquirenteCnpj: null,
      ativo: true,
    };
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /financeiro/formas-pagamento': () => json({ items: [forma], total: 1, page: 1, pageSize: 20 }),
      [`GET /financeiro/formas-pagamento/${ID}`]: () => json(forma),
      'GET /financeiro/contas': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
      [`PUT /financeiro/formas-pagamento/${ID}`]: (req) => json({ ...forma, ...(JSON.parse(String(req.data)) as object) }),
    });
    renderApp(`/configuracoes/financeiro/forma-pagamento/form/${ID}`, { adapter: api.adapter });
    const adquirente = (await screen.findByLabelText('Adquirente padrão', {}, SLOW)) as HTMLInputElement;
    expect(adquirente.value).toBe('Cielo');
    const user = userEvent.setup({ delay: null });
    await user.clear(adquirente);
    await user.type(adquirente, 'Stone');
    await user.type(screen.getByLabelText('CNPJ da adquirente'), '16.501.555/0001-57');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.data))).toMatchObject({ adquirente: 'Stone', adquirenteCnpj: STONE_CNPJ });

    // Another kind: no acquirer fields.
    await user.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'PIX', hidden: true }, SLOW));
    await waitFor(() => expect(screen.queryByLabelText('Adquirente padrão')).toBeNull());
  });
});
