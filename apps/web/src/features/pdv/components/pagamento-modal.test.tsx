/**
 * The payment modal (F8): number keys pick the method, cash shows the change big, credit card
 * offers installments as "3x de R$ 29,98", customer credit shows the balance, and a payment keeps
 * its chave until it is taken (a double Enter sends the same one).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { FormaPagamentoPdv } from '@petshop/shared/venda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PagamentoModal, type ErrosPagamento } from './pagamento-modal.tsx';
import { http } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { adicionarProduto, definirCliente, novoRegistro, type NovoPagamento, type RegistroVenda } from '../registro.ts';

const formas: FormaPagamentoPdv[] = [
  { id: 'f-din', nome: 'Dinheiro', tipo: 'dinheiro', taxaPercentual: 0, maxParcelas: 1, diasRecebimento: 0 },
  { id: 'f-cre', nome: 'Cartão de crédito', tipo: 'cartao_credito', taxaPercentual: 3.49, maxParcelas: 6, diasRecebimento: 30 },
  { id: 'f-cc', nome: 'Crédito do cliente', tipo: 'credito_cliente', taxaPercentual: 0, maxParcelas: 1, diasRecebimento: 0 },
];

const registroDe = (valor: number): RegistroVenda => {
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
  return r.registro;
};

type Confirmar = (pagamento: NovoPagamento) => Promise<ErrosPagamento | null>;

const renderModal = (registro: RegistroVenda, onConfirmar = vi.fn<Confirmar>(async () => null)) => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <PagamentoModal opened onClose={() => undefined} registro={registro} formas={formas} onConfirmar={onConfirmar} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onConfirmar;
};

describe('payment modal', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('picks cash with key 1 and shows the change of what was handed over', async () => {
    const onConfirmar = renderModal(registroDe(89.9));
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('pagamento-aberto').textContent).toBe('R$ 89,90');
    fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '1' });
    const recebido = (await within(dialog).findByLabelText(/Valor recebido/)) as HTMLInputElement;
    expect(recebido.value).toBe('R$ 89,90');
    expect(within(dialog).getByTestId('pagamento-troco').textContent).toBe('R$ 0,00');
    await user.clear(recebido);
    await user.type(recebido, '100');
    await waitFor(() => expect(within(dialog).getByTestId('pagamento-troco').textContent).toBe('R$ 10,10'));
    await user.type(recebido, '{Enter}');
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(1));
    expect(onConfirmar.mock.calls[0]![0]).toMatchObject({
      formaPagamento: { id: 'f-din', tipo: 'dinheiro' },
      valorRecebido: 100,
      parcelas: 1,
    });
  });

  it('offers credit card installments as "3x de R$ 29,98" and keeps the chave until the payment is taken', async () => {
    let tentativas = 0;
    const onConfirmar = vi.fn<Confirmar>(async () => {
      tentativas += 1;
      // The first try is refused (as a network failure would leave it): the retry must reuse the chave.
      return tentativas === 1 ? { geral: ['Não foi possível se comunicar com o servidor'] } : null;
    });
    renderModal(registroDe(89.9), onConfirmar);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '2' });
    const parcelas = (await within(dialog).findByLabelText('Parcelas')) as HTMLSelectElement;
    const opcoes = Array.from(parcelas.options).map((o) => o.textContent);
    expect(opcoes).toHaveLength(6);
    expect(opcoes[0]).toBe('1x de R$ 89,90');
    expect(opcoes[2]).toBe('3x de R$ 29,98');
    await user.selectOptions(parcelas, '3');
    await user.click(within(dialog).getByRole('button', { name: /Confirmar pagamento/ }));
    expect(await within(dialog).findByText('Não foi possível se comunicar com o servidor')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Confirmar pagamento/ }));
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(2));
    const [primeira, segunda] = onConfirmar.mock.calls.map((c) => c[0]);
    expect(primeira).toMatchObject({ formaPagamento: { tipo: 'cartao_credito' }, valorRecebido: 89.9, parcelas: 3 });
    expect(segunda!.chave).toBe(primeira!.chave);
  });

  it('confirms with Enter on the installments too (a select has no implicit submission)', async () => {
    const onConfirmar = renderModal(registroDe(89.9));
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '2' });
    const parcelas = (await within(dialog).findByLabelText('Parcelas')) as HTMLSelectElement;
    await user.selectOptions(parcelas, '3');
    parcelas.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(1));
    expect(onConfirmar.mock.calls[0]![0]).toMatchObject({
      formaPagamento: { tipo: 'cartao_credito' },
      valorRecebido: 89.9,
      parcelas: 3,
    });
  });

  it('refuses a card payment above what is open, before asking the server', async () => {
    const onConfirmar = renderModal(registroDe(50));
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '2' });
    const valor = (await within(dialog).findByLabelText(/^Valor/)) as HTMLInputElement;
    await user.clear(valor);
    await user.type(valor, '60{Enter}');
    expect(await within(dialog).findByText('Valor maior que o saldo em aberto (R$ 50,00)')).toBeTruthy();
    expect(onConfirmar).not.toHaveBeenCalled();
  });

  it("shows the customer's credit balance and prefills what it covers", async () => {
    const api = createFakeApi({
      'GET /financeiro/credito-cliente/cli-1/total': () => json({ pessoaId: 'cli-1', total: 30 }),
    });
    http.defaults.adapter = api.adapter;
    const base = registroDe(80);
    const comCliente = definirCliente(base, { id: 'cli-1', nome: 'Maria', cpfCnpj: null, telefone: null });
    if (!comCliente.ok) throw new Error(comCliente.erro);
    renderModal(comCliente.registro);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '3' });
    await waitFor(() => expect(within(dialog).getByTestId('pagamento-saldo-credito').textContent).toBe('R$ 30,00'));
    await waitFor(() => expect((within(dialog).getByLabelText(/^Valor/) as HTMLInputElement).value).toBe('R$ 30,00'));
  });
});
