/**
 * The application's HTTP client instance, wired to the session store, the notifications and
 * the router (registered at start-up by `setLoginRedirect`, since the router is built later).
 *
 * axios (~15 KB brotli) is not in the entry chunk (issue #22 item 8: the login page under
 * 150 KB): `http` is the same `AxiosInstance` API, whose calls load the client (http-client.ts)
 * on first use and then go straight to it. `preloadHttp()` starts that load early (main.tsx does
 * on every page but the authentication ones, and on the first key press or click there).
 * Until the client is loaded, `http.defaults` is a plain object copied into the client's
 * defaults when it loads (tests set `http.defaults.adapter` before their first call).
 */
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { HTTP_MESSAGES } from '#lib/contrato-valores.ts';
import { ApiError } from './api-error.ts';
import type { HttpClientDeps } from './http-client.ts';
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

const deps: HttpClientDeps = {
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
};

let client: AxiosInstance | null = null;
let loading: Promise<AxiosInstance> | null = null;
/** `http.defaults` before the client is loaded; copied into the client's own when it is. */
const pendingDefaults: Partial<AxiosInstance['defaults']> = {};

/**
 * Loads the HTTP client (axios) once; later calls get the same promise. A failed load (the
 * network went away before the first request) is forgotten, so the next call tries again.
 */
export const preloadHttp = (): Promise<AxiosInstance> => {
  loading ??= import('./http-client.ts').then(
    ({ createHttpClient }) => {
      const created = createHttpClient(deps);
      Object.assign(created.defaults, pendingDefaults);
      client = created;
      return created;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

/** The request methods of an axios instance, with the position of their config argument. */
const CONFIG_ARG: Record<string, number> = {
  request: 0,
  get: 1,
  delete: 1,
  head: 1,
  options: 1,
  post: 2,
  put: 2,
  patch: 2,
  postForm: 2,
  putForm: 2,
  patchForm: 2,
};

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * A call made before the client is loaded: waits for it, then makes the call. If the client
 * cannot be loaded the call fails as a network failure would (spec §8: the network message,
 * unless the call is silent).
 */
const deferred =
  (method: string): Method =>
  async (...args) => {
    let loaded: AxiosInstance;
    try {
      loaded = await preloadHttp();
    } catch {
      const config = args[CONFIG_ARG[method] ?? 0] as AxiosRequestConfig | undefined;
      const url = method === 'request' ? config?.url : (args[0] as string | undefined);
      if (config?.silent !== true) notifyError(HTTP_MESSAGES.network);
      throw new ApiError({ status: null, kind: 'network', url: url ?? '' });
    }
    return (loaded[method as keyof AxiosInstance] as Method)(...args);
  };

/** The application's client: axios's instance API, loaded on first use (see above). */
export const http = new Proxy({} as AxiosInstance, {
  get(_target, property) {
    if (client) return Reflect.get(client, property) as unknown;
    if (property === 'defaults') return pendingDefaults;
    if (typeof property === 'string' && property in CONFIG_ARG) return deferred(property);
    return undefined;
  },
  set(_target, property, value) {
    if (client) return Reflect.set(client, property, value);
    return false;
  },
});
