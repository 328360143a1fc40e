/**
 * Issue #15, bug 1, in "Nova despesa": "Valor total" typed '1.250,00' with the keyboard is
 * R$ 1.250,00 (Mantine's NumberInput made it R$ 1,25): the single installment follows it and
 * 1250 is sent. Text the field cannot read is refused and nothing is sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { despesaFixture, opcoesHandlers, pagina } from './titulos-fixture.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type FakeHandler } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const moeda = (texto: string | null) => (texto ?? '').replace(/\s/g, ' ');

const abrirNovaDespesa = async () => {
  const api = createFakeApi({
    ...(opcoesHandlers as Record<string, FakeHandler>),
    'GET /auth/me': () => json(loginOutput().user),
    'GET /financeiro/despesas': () => json(pagina([])),
    'POST /financeiro/despesas': () => json(despesaFixture(), 201),
  });
  renderApp('/financeiro/despesas/', { adapter: api.adapter });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Nova despesa' }, SLOW));
  const modal = await screen.findByRole('dialog', { name: 'Nova despesa' }, SLOW);
  await user.type(within(modal).getByLabelText(/^Descrição/), 'Reforma da vitrine');
  return { api, user, modal, total: within(modal).getByLabelText(/^Valor total/) as HTMLInputElement };
};

describe('Nova despesa, amount typed the pt-BR way', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it("reads '1.250,00' typed as R$ 1.250,00 and sends 1250", { timeout: 30_000 }, async () => {
    const { api, user, modal, total } = await abrirNovaDespesa();
    await user.type(total, '1.250,00');
    expect(total.value).toBe('1.250,00');
    const tabela = within(modal).getByRole('table', { name: 'Parcelas' });
    await waitFor(() =>
      expect(moeda((within(tabela).getByLabelText('Valor da parcela 1') as HTMLInputElement).value)).toBe('R$ 1.250,00'),
    );
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const body = JSON.parse(String(api.requests.find((r) => r.method === 'POST')!.data)) as { parcelas: { valor: number }[] };
    expect(body.parcelas.map((p) => p.valor)).toEqual([1250]);
  });

  it('refuses an amount it cannot read and sends nothing', { timeout: 30_000 }, async () => {
    const { api, user, modal, total } = await abrirNovaDespesa();
    await user.type(total, 'mil');
    expect(total.value).toBe('mil');
    expect(within(modal).getByText('Valor inválido: use 1.234,56')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('dialog', { name: 'Nova despesa' })).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
