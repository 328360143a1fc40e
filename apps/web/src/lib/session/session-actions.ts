/**
 * Logout and unit change (spec §4): logout clears all stored state; changing the unit clears
 * the point-of-sale state and reloads the page, so nothing of the previous unit survives.
 */
import type { QueryClient } from '@tanstack/react-query';
import { clearPointOfSaleState, resetRegisteredState } from './clear-app-state.ts';
import { useSessionStore } from './session-store.ts';

type LogoutDeps = {
  queryClient: QueryClient;
  /** Navigates to /login; resolves when the login page is shown. */
  goToLogin: () => Promise<void>;
};

export const logout = async ({ queryClient, goToLogin }: LogoutDeps): Promise<void> => {
  useSessionStore.getState().clear();
  // Leave the application screens first, so that no mounted query refetches what is cleared.
  await goToLogin();
  await queryClient.cancelQueries();
  queryClient.clear();
  resetRegisteredState();
  localStorage.clear();
  sessionStorage.clear();
};

type ChangeUnidadeDeps = { reload: () => void };

export const changeUnidade = (
  unidadeId: string,
  { reload }: ChangeUnidadeDeps = { reload: () => window.location.reload() },
): void => {
  const session = useSessionStore.getState();
  if (session.unidadeNegocio?.id === unidadeId) return;
  session.selectUnidade(unidadeId);
  clearPointOfSaleState();
  reload();
};
