/**
 * /devolucoes/{id}: the return is shown, and "Imprimir comprovante" asks the return receipt's
 * PDF — the 80 mm roll from the button, A4 from its menu (issue #15).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Devolucao } from '@petshop/shared/devolucao';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { adminUser, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const ID = '0d000000-0000-4000-8000-000000000009';

const devolucao: Devolucao = {
  id: ID,
  numero: 12,
  createdAt: '2026-03-10T15:00:00.000Z',
  venda: { id: '0d000000-0000-4000-8000-000000000001', numero: 42 },
  cliente: { id: '0d000000-0000-4000-8000-000000000002', nome: 'Maria Souza' },
  usuario: { id: adminUser().id, nome: 'Ana Souza' },
  reembolso: 'credito_cliente',
  motivo: 'Embalagem violada',
  caixaId: null,
  valorTotal: 12.5,
  itens: [
    {
      id: '0d000000-0000-4000-8000-000000000003',
      vendaItemId: '0d000000-0000-4000-8000-000000000004',
      produtoId: '0d000000-0000-4000-8000-000000000005',
      descricao: 'Petisco Bifinho',
      unidadeSigla: 'UN',
      quantidade: 1,
      valorUnitario: 12.5,
      valorTotal: 12.5,
    },
  ],
};

describe('/devolucoes/{id}', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('prints the return receipt in 80 mm and in A4', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /comercial/devolucoes/${ID}`]: () => json(devolucao),
      [`GET /comercial/devolucoes/${ID}/imprimir`]: () => json(new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
    });
    renderApp(`/devolucoes/${ID}`, { adapter: api.adapter });
    expect(await screen.findByText('Devolução nº 12', undefined, SLOW)).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    const impressoes = () => api.requests.filter((r) => r.path === `/comercial/devolucoes/${ID}/imprimir`);

    await user.click(screen.getByRole('button', { name: 'Imprimir comprovante' }));
    await waitFor(() => expect(impressoes()).toHaveLength(1));
    expect(impressoes()[0]!.params).toEqual({});
    expect(impressoes()[0]!.config.responseType).toBe('blob');

    await user.click(screen.getByRole('button', { name: 'Imprimir comprovante: outros formatos' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Imprimir em A4', hidden: true }, SLOW));
    await waitFor(() => expect(impressoes()).toHaveLength(2));
    expect(impressoes()[1]!.params).toEqual({ formato: 'a4' });
  });
});
