/**
 * Issue #15, bug 1, at the register closing: "Contado em Dinheiro" typed '1.151,00' with the
 * keyboard is R$ 1.151,00 (Mantine's NumberInput made it R$ 1,15 and the register closed with
 * a false shortage): no difference is shown and the count sent is 1151. Text the field cannot
 * read is refused, and the closing is not even asked for.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { Caixa, TotalFormaCaixa } from '@petshop/shared/caixa';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FecharCaixaForm } from './components/fechar-caixa-form.tsx';
import { http } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';

const CAIXA_ID = '55555555-5555-4555-8555-555555555555';

const dinheiro = {
  formaPagamentoId: null,
  nome: 'Dinheiro',
  tipo: 'dinheiro',
  conferir: true,
  entradas: 1151,
  saidas: 0,
  esperado: 1151,
  contado: null,
  diferenca: null,
} as TotalFormaCaixa;

const renderForm = () => {
  const api = createFakeApi({
    [`POST /comercial/caixas/${CAIXA_ID}/fechar`]: () => json({ id: CAIXA_ID, numero: 7, status: 'Fechado' }),
  });
  http.defaults.adapter = api.adapter;
  const caixa: Pick<Caixa, 'id' | 'numero' | 'totaisPorForma'> = { id: CAIXA_ID, numero: 7, totaisPorForma: [dinheiro] };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <ModalsProvider>
          <FecharCaixaForm caixa={caixa} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const form = screen.getByRole('form', { name: 'Fechar caixa' });
  return { api, form, contado: within(form).getByLabelText('Contado em Dinheiro') as HTMLInputElement };
};

describe('closing a register, count typed the pt-BR way', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it("reads '1.151,00' typed as R$ 1.151,00: no shortage, and 1151 is sent", { timeout: 30_000 }, async () => {
    const { api, form, contado } = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(contado, '1.151,00');
    expect(contado.value).toBe('1.151,00');
    await waitFor(() => expect(within(form).getByLabelText('Diferença em Dinheiro').textContent).toBe('R$ 0,00'));
    expect(within(form).queryByRole('status')).toBeNull(); // no "Falta …"
    await user.click(within(form).getByRole('button', { name: 'Fechar caixa' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar fechamento' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.data))).toMatchObject({ contagens: [{ formaPagamentoId: null, valorContado: 1151 }] });
  });

  it('refuses a count it cannot read and does not ask to close', { timeout: 30_000 }, async () => {
    const { api, form, contado } = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(contado, '1151-');
    expect(contado.value).toBe('1151-');
    expect(within(form).getByText('Valor inválido: use 1.234,56')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Fechar caixa' }));
    expect(screen.queryByRole('button', { name: 'Confirmar fechamento' })).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
