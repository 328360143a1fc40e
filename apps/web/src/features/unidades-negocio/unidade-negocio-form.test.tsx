/**
 * The business unit form's stock rule: "Permitir venda com estoque negativo" shows the stored
 * value and is sent in `dados` (DOMAIN.md §4; issue #4 item 4).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { enderecoVazio, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };

const unidade = (overrides: Partial<UnidadeNegocio> = {}): UnidadeNegocio => ({
  id: MATRIZ_ID,
  nomeFantasia: 'Matriz',
  razaoSocial: 'Pet Demo Ltda',
  cnpj: '11222333000181',
  inscricaoEstadual: null,
  telefone: null,
  email: null,
  endereco: enderecoVazio(),
  timeZone: 'America/Sao_Paulo',
  logoUrl: null,
  ativo: true,
  permiteEstoqueNegativo: true,
  metodoCusto: 'medio',
  fechamentoCego: false,
  fiscal: {
    crt: '1',
    ambiente: 'homologacao',
    nfceSerie: 1,
    nfceProximoNumero: 1,
    cscId: null,
    cscTokenConfigurado: false,
    pixChave: null,
    nfceEmissaoAutomatica: false,
    certificado: null,
  },
  createdAt: '2026-01-01T12:00:00.000Z',
  ...overrides,
});

const dadosDe = (body: unknown): Record<string, unknown> => {
  if (!(body instanceof FormData)) throw new Error('esperava multipart');
  return JSON.parse(String(body.get('dados'))) as Record<string, unknown>;
};

describe('business unit form: negative stock setting', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the stored value and sends the switched one', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /geral/unidades_negocio/${MATRIZ_ID}`]: () => json(unidade()),
      [`PUT /geral/unidades-negocio/${MATRIZ_ID}`]: (req) =>
        json(unidade({ permiteEstoqueNegativo: Boolean(dadosDe(req.data).permiteEstoqueNegativo) })),
      'GET /geral/unidades-negocio': () => json({ items: [unidade()], total: 1, page: 1, pageSize: 20 }),
    });
    renderApp(`/configuracoes/geral/unidades-negocio/form/${MATRIZ_ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Editar unidade de negócio' }, SLOW);
    // Mantine puts the description inside the label: the name starts with the label.
    const toggle = screen.getByRole('switch', { name: /^Permitir venda com estoque negativo/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText(/Desligado, a venda é recusada/)).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(dadosDe(put?.data)).toMatchObject({ nomeFantasia: 'Matriz', permiteEstoqueNegativo: false });
  });
});
