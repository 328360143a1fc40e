/**
 * The demo's progress banner (issue #22 item 1): "Preparando dados de demonstração… 40%" while the
 * server seeds the history, gone once GET /demo/progresso answers it is done; none on a server
 * whose demo is whole.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 20_000 };

describe('home: demo progress banner', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('shows the percentage while the history is seeded and disappears when it is done', async () => {
    useSessionStore.getState().login(loginOutput());
    let progresso = { percentual: 40, concluido: false };
    const api = createFakeApi({ 'GET /demo/progresso': () => json(progresso) });
    renderApp('/', { adapter: api.adapter });

    expect(await screen.findByText('Preparando dados de demonstração… 40%', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progresso dos dados de demonstração' })).toBeTruthy();
    progresso = { percentual: 100, concluido: true };
    await waitFor(() => expect(screen.queryByText(/Preparando dados de demonstração/)).toBeNull(), SLOW);
  }, 30_000);

  it('shows nothing when the demo is whole', async () => {
    useSessionStore.getState().login(loginOutput());
    const api = createFakeApi({ 'GET /demo/progresso': () => json({ percentual: 100, concluido: true }) });
    renderApp('/', { adapter: api.adapter });
    await waitFor(() => expect(api.requests.some((r) => r.path === '/demo/progresso')).toBe(true), SLOW);
    expect(screen.queryByText(/Preparando dados de demonstração/)).toBeNull();
  }, 30_000);
});
