/**
 * The customers list's count (issue #20): a broad search's total is counted up to 1 000 by the
 * API (`totalLimitado`), so the footer says "mais de 1.000 clientes" and the pager keeps the next
 * page; an exact total reads as before.
 */
import type { PessoasPage } from '@petshop/shared/pessoa';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 10_000 };

/** 20 people per page; "silva" matches more than the API counts. */
const pagina = (page: number, query: string | undefined): PessoasPage => {
  const items = Array.from({ length: 20 }, (_, i) => {
    const n = (page - 1) * 20 + i + 1;
    return pessoaFixture({ id: `0c000000-0000-4000-8000-${String(n).padStart(12, '0')}`, nome: `Cliente ${n} Silva` });
  });
  if (query !== 'silva') return { items: items.slice(0, 3), total: 3, page, pageSize: 20 };
  // The API counts up to max(1 000, the page's end) + 1.
  return { items, total: Math.max(1000, page * 20) + 1, page, pageSize: 20, totalLimitado: true };
};

const setup = () =>
  createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /pessoal/pessoas': (req: RecordedRequest) =>
      json(pagina(Number(req.params.page ?? 1), req.params.query as string | undefined)),
  });

describe('customers list: the total of a broad search', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('says "mais de 1.000 clientes" and keeps the next page when the total was capped', { timeout: 30_000 }, async () => {
    const api = setup();
    const { router } = renderApp('/clientes/?query=silva', { adapter: api.adapter });
    expect(await screen.findByText('1–20 de mais de 1.000 clientes', undefined, SLOW)).toBeTruthy();
    // 1 001 → 51 pages: the pager offers the last of them, and the next page.
    expect(screen.getByRole('button', { name: 'Página 51' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Página 51' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 51 }));
    // Past the cap the API counts to the page's end (1 021): still "more than", one page more.
    expect(await screen.findByText('1001–1020 de mais de 1.020 clientes', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Próxima página' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Página 52' })).toBeTruthy();
  });

  it('shows an exact total as before', { timeout: 30_000 }, async () => {
    const api = setup();
    renderApp('/clientes/?query=carla', { adapter: api.adapter });
    expect(await screen.findByText('1–3 de 3', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText(/mais de/)).toBeNull();
  });
});
