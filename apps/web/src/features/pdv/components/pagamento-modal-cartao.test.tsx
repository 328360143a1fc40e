/**
 * Card details in the payment modal (issue #15 item 4): a card method asks the brand (a native
 * select: letters jump, Enter confirms), the NSU and the acquirer prefilled with the method's
 * default; they go with the payment, checked as the API checks them; cash asks none of them.
 */
import { MantineProvider } from '@mantine/core';
import type { FormaPagamentoPdv } from '@petshop/shared/venda';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PagamentoModal, type ErrosPagamento } from './pagamento-modal.tsx';
import { PagamentosList } from './pagamentos-list.tsx';
import { createQueryClient } from '#lib/query-client.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { loginOutput } from '#test/fixtures.ts';
import {
  adicionarPagamento,
  adicionarProduto,
  novoRegistro,
  registroParaVendaInput,
  type NovoPagamento,
  type RegistroVenda,
} from '../registro.ts';

const STONE_CNPJ = '16501555000157';
const formas: FormaPagamentoPdv[] = [
  { id: 'f-din', nome: 'Dinheiro', tipo: 'dinheiro', taxaPercentual: 0, maxParcelas: 1, diasRecebimento: 0 },
  {
    id: 'f-cre',
    nome: 'Cartão de crédito',
    tipo: 'cartao_credito',
    taxaPercentual: 3.49,
    maxParcelas: 6,
    diasRecebimento: 30,
    adquirente: 'Stone',
    adquirenteCnpj: STONE_CNPJ,
  },
];

const registro = (): RegistroVenda => {
  const r = adicionarProduto(novoRegistro(), {
    id: 'p1',
    nome: 'Coleira',
    codigo: null,
    codigoBarras: '789',
    precoVenda: 89.9,
    unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
    tipo: 'produto',
    controlaEstoque: true,
    estoque: null,
  });
  if (!r.ok) throw new Error(r.erro);
  return r.registro;
};

const renderModal = () => {
  const onConfirmar = vi.fn<(p: NovoPagamento) => Promise<ErrosPagamento | null>>(async () => null);
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <PagamentoModal opened onClose={() => undefined} registro={registro()} formas={formas} onConfirmar={onConfirmar} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onConfirmar;
};

const escolher = async (tecla: string) => {
  const dialog = await screen.findByRole('dialog');
  fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: tecla });
  return dialog;
};

describe('payment modal: card details', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('asks brand, NSU and acquirer (prefilled) on a card and sends them with the payment', async () => {
    const onConfirmar = renderModal();
    const user = userEvent.setup({ delay: null });
    const dialog = await escolher('2');
    const dados = await within(dialog).findByRole('group', { name: 'Dados do cartão' });
    expect((within(dados).getByLabelText('Adquirente') as HTMLInputElement).value).toBe('Stone');
    expect((within(dados).getByLabelText('CNPJ da adquirente') as HTMLInputElement).value).toBe(STONE_CNPJ);
    const bandeira = within(dados).getByLabelText('Bandeira') as HTMLSelectElement;
    expect(bandeira.value).toBe('');
    expect(Array.from(bandeira.options).map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Não informada', 'Visa', 'Mastercard', 'Elo', 'Outros']),
    );
    await user.selectOptions(bandeira, '01');
    await user.type(within(dados).getByLabelText('NSU / autorização'), '123456{Enter}');
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(1));
    expect(onConfirmar.mock.calls[0]![0]).toMatchObject({
      formaPagamento: { id: 'f-cre', tipo: 'cartao_credito' },
      valorRecebido: 89.9,
      cartao: { bandeira: '01', autorizacao: '123456', adquirente: 'Stone', adquirenteCnpj: STONE_CNPJ },
    });
  });

  it('refuses an invalid NSU or CNPJ on its field before sending; nothing given sends no card details', async () => {
    const onConfirmar = renderModal();
    const user = userEvent.setup({ delay: null });
    const dialog = await escolher('2');
    const dados = await within(dialog).findByRole('group', { name: 'Dados do cartão' });
    const cnpj = within(dados).getByLabelText('CNPJ da adquirente');
    await user.clear(cnpj);
    await user.type(cnpj, '11.111.111/1111-11');
    await user.type(within(dados).getByLabelText('NSU / autorização'), 'não*vale{Enter}');
    expect(await within(dados).findByText('CNPJ inválido')).toBeTruthy();
    expect(within(dados).getByText('Autorização/NSU deve ter de 1 a 20 letras ou números')).toBeTruthy();
    expect(onConfirmar).not.toHaveBeenCalled();

    await user.clear(cnpj);
    await user.clear(within(dados).getByLabelText('NSU / autorização'));
    await user.clear(within(dados).getByLabelText('Adquirente'));
    await user.click(within(dialog).getByRole('button', { name: /Confirmar pagamento/ }));
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(1));
    expect(onConfirmar.mock.calls[0]![0].cartao).toBeNull();
  });

  it('asks no card details on cash', async () => {
    renderModal();
    const dialog = await escolher('1');
    await within(dialog).findByLabelText(/Valor recebido/);
    expect(within(dialog).queryByRole('group', { name: 'Dados do cartão' })).toBeNull();
    expect(within(dialog).queryByLabelText('Bandeira')).toBeNull();
  });

  it('goes to the API with the payment and shows as "Visa • NSU 123456" in the payments', () => {
    const r = adicionarPagamento(
      registro(),
      {
        chave: 'c1',
        formaPagamento: { id: 'f-cre', nome: 'Cartão de crédito', tipo: 'cartao_credito' },
        valorRecebido: 89.9,
        parcelas: 1,
        dataVencimento: null,
        cartao: { bandeira: '01', autorizacao: '123456', adquirente: 'Stone', adquirenteCnpj: STONE_CNPJ },
      },
      6,
    );
    if (!r.ok) throw new Error('recusado');
    const input = registroParaVendaInput(r.registro, { comPagamentos: true });
    expect(input.financeiros?.[0]).toMatchObject({
      bandeira: '01',
      autorizacao: '123456',
      adquirente: 'Stone',
      adquirenteCnpj: STONE_CNPJ,
    });
    render(
      <MantineProvider>
        <PagamentosList financeiros={r.registro.financeiros} readOnly />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Pagamentos').textContent).toContain('Visa • NSU 123456');
  });
});
