/**
 * The application's HTTP client instance, wired to the session store, the notifications and
 * the router (registered at start-up by `setLoginRedirect`, since the router is built later).
 */
import { createHttpClient } from './http-client.ts';
import { notifyError } from '../notify.ts';
import { useSessionStore } from '../session/session-store.ts';

/** Pages of the authentication group: a 401 there must not bounce to /login again. */
const AUTH_PATHS = ['/login', '/dados-pessoais', '/petshop'];

type LoginRedirect = (toRedirect: string) => void;

let currentHref = (): string => `${window.location.pathname}${window.location.search}`;
let redirectToLogin: LoginRedirect = (toRedirect) => {
  window.location.assign(`/login?toRedirect=${encodeURIComponent(toRedirect)}`);
};

/** Lets the router take over the 401 redirect and tell the current location. */
export const setLoginRedirect = (redirect: LoginRedirect, getCurrentHref: () => string): void => {
  redirectToLogin = redirect;
  currentHref = getCurrentHref;
};

export const http = createHttpClient({
  getAccessToken: () => useSessionStore.getState().accessToken,
  getUnidadeId: () => useSessionStore.getState().unidadeNegocio?.id ?? null,
  setAccessToken: (token) => useSessionStore.getState().setAccessToken(token),
  notifyError,
  onUnauthorized: ({ isCurrentUserCall }) => {
    const session = useSessionStore.getState();
    if (isCurrentUserCall) session.clear();
    else session.expire();
    const href = currentHref();
    const path = href.split('?')[0] ?? '/';
    if (AUTH_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return;
    redirectToLogin(href);
  },
});
