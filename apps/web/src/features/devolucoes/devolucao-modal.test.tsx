/**
 * The return modal: quantities capped at what is left (by the unit's fraction rule), the
 * refund total as the API computes it, credit only for a sale with a customer, the request
 * sent once with its idempotency key, and the server's messages on the right line.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DevolucaoModal } from './components/devolucao-modal.tsx';
import { ITEM_KG, VENDA_ID, vendaFinalizada } from './venda-fixture.ts';
import { http } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type FakeHandler } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';

const DEVOLUCAO_ID = '0d000000-0000-4000-8000-000000000001';

const renderModal = (venda = vendaFinalizada(), post: FakeHandler = () => json({ id: DEVOLUCAO_ID, numero: 1 }, 201)) => {
  const api = createFakeApi({ 'POST /comercial/devolucoes': post });
  http.defaults.adapter = api.adapter;
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <DevolucaoModal venda={venda} opened onClose={onClose} onDone={onDone} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  // Mantine's modal transition never ends in jsdom: its content is there, styled hidden.
  const dialog = screen.getByRole('dialog', { name: 'Devolução da venda nº 42', hidden: true });
  return { api, onDone, onClose, dialog, user: userEvent.setup({ delay: null }) };
};

const input = (dialog: HTMLElement, nome: string) =>
  within(dialog).getByRole('textbox', { name: `Devolver ${nome}`, hidden: true });
const total = (dialog: HTMLElement) => within(dialog).getByLabelText('Total a devolver').textContent;

describe('return modal', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows sold and returned quantities and never takes more than is left', async () => {
    const { dialog, user } = renderModal();
    const rows = within(dialog).getAllByRole('row', { hidden: true });
    expect(within(rows[1] as HTMLElement).getByText('3 UN')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('1 UN')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('máx. 2 UN')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('1,5 KG')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('máx. 1,5 KG')).toBeTruthy();

    const un = input(dialog, 'Ração Premium 1 kg') as HTMLInputElement;
    // More than is left is refused, not trimmed (issue #15): the text stays with the reason.
    await user.type(un, '5');
    expect(un.value).toBe('5');
    expect(within(dialog).getByText('O máximo é 2')).toBeTruthy();
    await user.clear(un);
    expect(un.value).toBe('');
    await user.type(un, '2');
    expect(un.value).toBe('2');
    expect(within(dialog).queryByText('O máximo é 2')).toBeNull();
    // Whole units take no decimals.
    await user.type(un, ',5');
    expect(un.value).toBe('2,5');
    expect(within(dialog).getByText('Use um número inteiro')).toBeTruthy();

    const kg = input(dialog, 'Ração a granel') as HTMLInputElement;
    await user.type(kg, '1,6');
    expect(within(dialog).getByText('O máximo é 1,5')).toBeTruthy();
    await user.clear(kg);
    await user.type(kg, '0,3335');
    expect(kg.value).toBe('0,3335');
    expect(within(dialog).getByText('Use no máximo 3 casas decimais')).toBeTruthy();
  });

  it('adds up the refund as the items are typed, the sale discount prorated', async () => {
    const { dialog, user } = renderModal();
    expect(total(dialog)).toBe('R$ 0,00');
    expect(within(dialog).getByRole('button', { name: 'Confirmar devolução', hidden: true })).toHaveProperty('disabled', true);
    await user.type(input(dialog, 'Ração Premium 1 kg'), '1');
    expect(total(dialog)).toBe('R$ 9,00');
    await user.type(input(dialog, 'Ração a granel'), '1,5');
    // 9,00 + the rest of the bulk line (26,86, not 1,5 × 17,91 = 26,87).
    expect(total(dialog)).toBe('R$ 35,86');
    await user.click(within(dialog).getByRole('button', { name: 'Devolver tudo', hidden: true }));
    expect(total(dialog)).toBe('R$ 44,86');
    expect((input(dialog, 'Ração Premium 1 kg') as HTMLInputElement).value).toBe('2');
  });

  it('offers credit only when the sale has a customer', () => {
    const semCliente = renderModal(vendaFinalizada({ cliente: null }));
    const credito = within(semCliente.dialog).getByRole('radio', { name: 'Crédito para o cliente', hidden: true });
    expect(credito).toHaveProperty('disabled', true);
    expect(within(semCliente.dialog).getByText('Venda sem cliente identificado')).toBeTruthy();
    expect(within(semCliente.dialog).getByRole('radio', { name: 'Dinheiro (sai do caixa)', hidden: true })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('sends the return with its idempotency key and hands back the new id', async () => {
    const { dialog, user, api, onDone } = renderModal();
    expect(within(dialog).getByRole('radio', { name: 'Crédito para o cliente', hidden: true })).toHaveProperty('disabled', false);
    await user.type(input(dialog, 'Ração a granel'), '0,5');
    await user.click(within(dialog).getByRole('radio', { name: 'Crédito para o cliente', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo', hidden: true }), 'Embalagem violada');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar devolução', hidden: true }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(DEVOLUCAO_ID));
    const post = api.requests.filter((r) => r.method === 'POST');
    expect(post).toHaveLength(1);
    expect(JSON.parse(String(post[0]?.data))).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      vendaId: VENDA_ID,
      itens: [{ vendaItemId: ITEM_KG, quantidade: 0.5 }],
      reembolso: 'credito_cliente',
      motivo: 'Embalagem violada',
    });
    expect(post[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("shows the server's refusal on the line it concerns and general ones above the total", async () => {
    let vez = 0;
    const { dialog, user, onDone, api } = renderModal(vendaFinalizada(), () => {
      vez += 1;
      return vez === 1
        ? errors(400, { 'itens.1.quantidade': ['No máximo 1 pode ser devolvido'] })
        : errors(400, { generalErrors: ['Abra o caixa para devolver em dinheiro'] });
    });
    await user.type(input(dialog, 'Ração Premium 1 kg'), '2');
    await user.type(input(dialog, 'Ração a granel'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar devolução', hidden: true }));
    const rows = within(dialog).getAllByRole('row', { hidden: true });
    // itens.1 is the second item sent: the bulk line.
    expect(await within(rows[2] as HTMLElement).findByText('No máximo 1 pode ser devolvido')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar devolução', hidden: true }));
    expect(await within(dialog).findByText('Abra o caixa para devolver em dinheiro')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText('No máximo 1 pode ser devolvido')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    // One opening, one return id and key: a refused attempt frees them for the next.
    const keys = api.requests.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    const ids = api.requests.map((r) => (JSON.parse(String(r.data)) as { id: string }).id);
    expect(new Set(ids).size).toBe(1);
    expect(api.requests).toHaveLength(2);
  });
});
