/**
 * PIX at the till (issue #18 item 9): choosing a PIX method shows the BR Code of the amount typed
 * as a QR (GET /comercial/vendas/{id}/pix?valor=, drawn as a data URL) with its "copia e cola"
 * text; a new amount asks again; Enter still confirms the payment; without a key, a hint.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { FormaPagamentoPdv } from '@petshop/shared/venda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PagamentoModal, type ErrosPagamento } from './pagamento-modal.tsx';
import { http } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { adicionarProduto, novoRegistro, type NovoPagamento, type RegistroVenda } from '../registro.ts';

const VENDA = '22222222-2222-4222-8222-222222222222';
const formas: FormaPagamentoPdv[] = [
  { id: 'f-din', nome: 'Dinheiro', tipo: 'dinheiro', taxaPercentual: 0, maxParcelas: 1, diasRecebimento: 0 },
  { id: 'f-pix', nome: 'PIX', tipo: 'pix', taxaPercentual: 0, maxParcelas: 1, diasRecebimento: 0 },
];

const registroSalvo = (valor: number): RegistroVenda => {
  const r = adicionarProduto(novoRegistro(), {
    id: 'p1',
    nome: 'Coleira',
    codigo: null,
    codigoBarras: '789',
    precoVenda: valor,
    unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
    tipo: 'produto',
    controlaEstoque: true,
    estoque: null,
  });
  if (!r.ok) throw new Error(r.erro);
  return { ...r.registro, id: VENDA, sId: VENDA };
};

const payload = (valor: string) => `00020126360014br.gov.bcb.pix0114+55119999988885204000053039865406${valor}5802BR6304ABCD`;

const renderModal = (pixConfigurado: boolean) => {
  const api = createFakeApi({
    [`GET /comercial/vendas/${VENDA}/pix`]: (r) =>
      json({ payload: payload(String(r.params.valor)), valor: String(r.params.valor), chave: '+5511999998888', txid: 'VENDA5' }),
  });
  http.defaults.adapter = api.adapter;
  const onConfirmar = vi.fn<(p: NovoPagamento) => Promise<ErrosPagamento | null>>(async () => null);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <PagamentoModal
          opened
          onClose={() => undefined}
          registro={registroSalvo(89.9)}
          formas={formas}
          onConfirmar={onConfirmar}
          pixConfigurado={pixConfigurado}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { api, onConfirmar };
};

describe('payment modal: PIX', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the QR of the amount typed and its "copia e cola"; Enter confirms as before', async () => {
    const { api, onConfirmar } = renderModal(true);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '2' });

    const qr = (await within(dialog).findByRole(
      'img',
      { name: 'QR Code PIX de R$ 89,90' },
      { timeout: 5000 },
    )) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(within(dialog).getByTestId('pix-copia-e-cola').textContent).toBe(payload('89.90'));
    expect(within(dialog).getByRole('button', { name: /Copiar código/ })).toBeTruthy();

    const valor = within(dialog).getByLabelText(/^Valor/) as HTMLInputElement;
    await user.clear(valor);
    await user.type(valor, '50');
    expect(await within(dialog).findByRole('img', { name: 'QR Code PIX de R$ 50,00' }, { timeout: 5000 })).toBeTruthy();
    const pedidos = api.requests.filter((r) => r.path === `/comercial/vendas/${VENDA}/pix`).map((r) => r.params.valor);
    expect(pedidos[0]).toBe('89.90');
    expect(pedidos.at(-1)).toBe('50.00');

    await user.type(valor, '{Enter}');
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(1));
    expect(onConfirmar.mock.calls[0]![0]).toMatchObject({ formaPagamento: { id: 'f-pix', tipo: 'pix' }, valorRecebido: 50 });
  });

  it('without a PIX key says how to get the QR and asks nothing; cash never shows a QR', async () => {
    const { api } = renderModal(false);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '2' });
    expect(await within(dialog).findByTestId('pix-sem-chave')).toBeTruthy();
    expect(within(dialog).queryByTestId('pix-qr')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Trocar forma/ }));
    fireEvent.keyDown(await within(dialog).findByRole('list', { name: 'Formas de pagamento' }), { key: '1' });
    await within(dialog).findByLabelText(/Valor recebido/);
    expect(within(dialog).queryByTestId('pix-qr')).toBeNull();
    expect(within(dialog).queryByTestId('pix-sem-chave')).toBeNull();
    expect(api.requests.filter((r) => r.path.endsWith('/pix'))).toEqual([]);
  });
});
