import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerStateReset } from './clear-app-state.ts';
import { changeUnidade, logout } from './session-actions.ts';
import { SESSION_STORAGE_KEY, useSessionStore } from './session-store.ts';
import { adminUser, FILIAL_ID, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';

describe('session store', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('selects the first unit of the user at login and persists the session in localStorage', () => {
    useSessionStore.getState().login(loginOutput());
    const state = useSessionStore.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.accessToken).toBe('token-1');
    expect(state.unidadeNegocio?.id).toBe(MATRIZ_ID);
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as {
      state?: { unidadeNegocio?: { id: string } };
    };
    expect(stored.state?.unidadeNegocio?.id).toBe(MATRIZ_ID);
  });

  it('keeps the selected unit when the user is refreshed, and falls back to the first when it is gone', () => {
    useSessionStore.getState().login(loginOutput());
    useSessionStore.getState().selectUnidade(FILIAL_ID);
    useSessionStore.getState().setUser(adminUser());
    expect(useSessionStore.getState().unidadeNegocio?.id).toBe(FILIAL_ID);
    const withoutFilial = adminUser();
    withoutFilial.unidadesNegocio = withoutFilial.unidadesNegocio.filter((u) => u.id !== FILIAL_ID);
    useSessionStore.getState().setUser(withoutFilial);
    expect(useSessionStore.getState().unidadeNegocio?.id).toBe(MATRIZ_ID);
  });

  it('logout clears the session, every storage, the query cache and registered client state', async () => {
    useSessionStore.getState().login(loginOutput());
    localStorage.setItem('pdv-venda', '{}');
    sessionStorage.setItem('petshop-onboarding', '{}');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['auth', 'usuarios', 'list'], { items: [] });
    const reset = vi.fn();
    const unregister = registerStateReset(reset);
    const goToLogin = vi.fn(() => Promise.resolve());

    await logout({ queryClient, goToLogin });

    expect(goToLogin).toHaveBeenCalledOnce();
    expect(useSessionStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      unidadeNegocio: null,
      isAuthenticated: false,
    });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(reset).toHaveBeenCalledOnce();
    unregister();
  });

  it('changing the unit selects it, clears point-of-sale state and reloads', () => {
    useSessionStore.getState().login(loginOutput());
    localStorage.setItem('pdv-venda', '{}');
    localStorage.setItem('pdvCaixa', '{}');
    localStorage.setItem('outra-chave', 'fica');
    sessionStorage.setItem('qualquer', 'x');
    const reload = vi.fn();

    changeUnidade(FILIAL_ID, { reload });

    expect(useSessionStore.getState().unidadeNegocio?.id).toBe(FILIAL_ID);
    expect(localStorage.getItem('pdv-venda')).toBeNull();
    expect(localStorage.getItem('pdvCaixa')).toBeNull();
    expect(localStorage.getItem('outra-chave')).toBe('fica');
    expect(sessionStorage.length).toBe(0);
    expect(reload).toHaveBeenCalledOnce();
  });
});
