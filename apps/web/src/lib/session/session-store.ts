/**
 * The session (spec §3): user, access token, selected business unit, authenticated flag.
 * Persisted in localStorage so a reload keeps the user logged in.
 */
import type { LoginOutput, SessionUnidade, SessionUser } from '@petshop/shared/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SESSION_STORAGE_KEY = 'petshop-session';

export type SessionData = {
  user: SessionUser | null;
  accessToken: string | null;
  unidadeNegocio: SessionUnidade | null;
  isAuthenticated: boolean;
};

export type SessionState = SessionData & {
  /** Starts a session; the first unit of the user is selected (spec §6). */
  login: (output: LoginOutput) => void;
  /** Replaces the token (x-new-authorization, password change). */
  setAccessToken: (token: string) => void;
  /** Refreshes the user (GET /auth/me); keeps the selected unit when it is still one of theirs. */
  setUser: (user: SessionUser) => void;
  /** Selects another unit of the user; unknown ids are ignored. */
  selectUnidade: (unidadeId: string) => void;
  /**
   * Ends the session after a 401 on a call other than /auth/me: the token is dropped and the
   * user must log in again, but the user stays known so the login form can offer the e-mail.
   */
  expire: () => void;
  /** Forgets everything (logout, 401 on /auth/me). */
  clear: () => void;
};

const EMPTY: SessionData = { user: null, accessToken: null, unidadeNegocio: null, isAuthenticated: false };

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...EMPTY,
      login: ({ accessToken, user }) =>
        set({ accessToken, user, unidadeNegocio: user.unidadesNegocio[0] ?? null, isAuthenticated: true }),
      setAccessToken: (accessToken) => set({ accessToken }),
      setUser: (user) => {
        const current = get().unidadeNegocio;
        const unidadeNegocio = user.unidadesNegocio.find((u) => u.id === current?.id) ?? user.unidadesNegocio[0] ?? null;
        set({ user, unidadeNegocio });
      },
      selectUnidade: (unidadeId) => {
        const unidade = get().user?.unidadesNegocio.find((u) => u.id === unidadeId);
        if (unidade) set({ unidadeNegocio: unidade });
      },
      expire: () => set({ accessToken: null, isAuthenticated: false }),
      clear: () => set(EMPTY),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, accessToken, unidadeNegocio, isAuthenticated }): SessionData => ({
        user,
        accessToken,
        unidadeNegocio,
        isAuthenticated,
      }),
    },
  ),
);
