/**
 * Issue #15, bug 1, at the till: "Valor recebido" typed '1.250,00' with the keyboard is
 * R$ 1.250,00 (Mantine's NumberInput made it R$ 1,25), the change follows it, and Enter
 * confirms that amount; text the field cannot read is refused and nothing is confirmed.
 */
import { MantineProvider } from '@mantine/core';
import type { FormaPagamentoPdv } from '@petshop/shared/venda';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PagamentoModal, type ErrosPagamento } from './pagamento-modal.tsx';
import { createQueryClient } from '#lib/query-client.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { loginOutput } from '#test/fixtures.ts';
import { adicionarProduto, novoRegistro, type NovoPagamento, type RegistroVenda } from '../registro.ts';

const DINHEIRO: FormaPagamentoPdv = {
  id: 'f-din',
  nome: 'Dinheiro',
  tipo: 'dinheiro',
  taxaPercentual: 0,
  maxParcelas: 1,
  diasRecebimento: 0,
};

const registroDe = (valor: number): RegistroVenda => {
  const produto = {
    id: 'p1',
    nome: 'Ração 15 kg',
    codigo: null,
    codigoBarras: '789',
    precoVenda: valor,
    unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
    tipo: 'produto',
    controlaEstoque: false,
    estoque: null,
  };
  const r = adicionarProduto(novoRegistro(), produto as Parameters<typeof adicionarProduto>[1]);
  if (!r.ok) throw new Error(r.erro);
  return r.registro;
};

type Confirmar = (pagamento: NovoPagamento) => Promise<ErrosPagamento | null>;

const abrirDinheiro = async (total: number) => {
  const onConfirmar = vi.fn<Confirmar>(async () => null);
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <PagamentoModal
          opened
          onClose={() => undefined}
          registro={registroDe(total)}
          formas={[DINHEIRO]}
          onConfirmar={onConfirmar}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole('dialog');
  fireEvent.keyDown(within(dialog).getByRole('list', { name: 'Formas de pagamento' }), { key: '1' });
  const recebido = (await within(dialog).findByLabelText(/Valor recebido/)) as HTMLInputElement;
  return { dialog, recebido, onConfirmar };
};

describe('payment modal, amount typed the pt-BR way', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it("reads '1.250,00' typed as R$ 1.250,00 and confirms it with Enter", async () => {
    const { dialog, recebido, onConfirmar } = await abrirDinheiro(1200);
    const user = userEvent.setup({ delay: null });
    await user.clear(recebido);
    await user.type(recebido, '1.250,00');
    expect(recebido.value).toBe('1.250,00');
    await waitFor(() => expect(within(dialog).getByTestId('pagamento-troco').textContent).toBe('R$ 50,00'));
    await user.type(recebido, '{Enter}');
    await waitFor(() => expect(onConfirmar).toHaveBeenCalledTimes(1));
    expect(onConfirmar.mock.calls[0]![0]).toMatchObject({ formaPagamento: { id: 'f-din' }, valorRecebido: 1250 });
  });

  it('refuses text it cannot read, keeps it, and confirms nothing', async () => {
    const { dialog, recebido, onConfirmar } = await abrirDinheiro(1200);
    const user = userEvent.setup({ delay: null });
    await user.clear(recebido);
    await user.type(recebido, '1.25O,00'); // a letter O for a zero
    expect(recebido.value).toBe('1.25O,00');
    expect(within(dialog).getByText('Valor inválido: use 1.234,56')).toBeTruthy();
    await user.type(recebido, '{Enter}');
    await user.click(within(dialog).getByRole('button', { name: /Confirmar/ }));
    expect(onConfirmar).not.toHaveBeenCalled();
  });
});
