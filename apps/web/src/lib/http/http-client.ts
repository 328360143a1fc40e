/**
 * The axios client behind every fetcher (spec §7, §8):
 * - base '/api', no timeout;
 * - headers Authorization: Bearer <token>, x-unidade-negocio, x-origin: web; the XSRF cookie
 *   XSRF-TOKEN is echoed in X-XSRF-TOKEN;
 * - writes carry an Idempotency-Key (a form's own, else a fresh one);
 * - a response header x-new-authorization replaces the stored token;
 * - errors become ApiError; 401 sends the user to /login?toRedirect=<current page> (on
 *   /auth/me the session is cleared too), 403/500/network show a notification.
 * Dependencies are injected so tests can drive it with a custom axios adapter.
 */
import { HEADERS, XSRF_COOKIE } from '@petshop/shared/auth';
import { HTTP_MESSAGES } from '@petshop/shared/http';
import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import { toApiError, type ApiError } from './api-error.ts';
import { API_BASE_URL, CURRENT_USER_PATH } from './caminhos.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency.ts';

export { API_BASE_URL, CURRENT_USER_PATH } from './caminhos.ts';

export type HttpClientDeps = {
  getAccessToken: () => string | null;
  getUnidadeId: () => string | null;
  setAccessToken: (token: string) => void;
  /** 401: `isCurrentUserCall` tells whether the failing call was GET /auth/me. */
  onUnauthorized: (info: { isCurrentUserCall: boolean }) => void;
  /** Shows an error message to the user. */
  notifyError: (message: string) => void;
  adapter?: AxiosAdapter;
  baseURL?: string;
};

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

const pathOf = (url: string | undefined): string => (url ?? '').split('?')[0] ?? '';

const renewToken = (response: Pick<AxiosResponse, 'headers'> | undefined, deps: HttpClientDeps) => {
  const token: unknown = response?.headers?.[HEADERS.newAuthorization];
  if (typeof token === 'string' && token.length > 0) deps.setAccessToken(token.replace(/^Bearer\s+/i, ''));
};

/** Message shown for an error by the client itself, or null when the screen handles it. */
const globalMessage = (error: ApiError): string | null => {
  switch (error.kind) {
    case 'unauthorized':
      return HTTP_MESSAGES.unauthorized;
    case 'forbidden':
      return error.generalErrors[0] ?? HTTP_MESSAGES.forbidden;
    case 'server':
      return HTTP_MESSAGES.internal;
    case 'network':
      return HTTP_MESSAGES.network;
    default:
      // 400/404/409/429 belong to the screen: fields and general Alert (spec §5).
      return null;
  }
};

export const createHttpClient = (deps: HttpClientDeps): AxiosInstance => {
  const baseURL = deps.baseURL ?? API_BASE_URL;
  const client = axios.create({
    baseURL,
    timeout: 0, // spec §9: no HTTP timeout
    xsrfCookieName: XSRF_COOKIE,
    xsrfHeaderName: 'X-XSRF-TOKEN',
    // Same-origin API ('/api'): always echo the cookie; otherwise let axios decide by origin.
    withXSRFToken: () => (baseURL.startsWith('/') ? true : undefined),
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  client.interceptors.request.use((config) => {
    const token = deps.getAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    const unidadeId = config.skipUnidadeHeader ? null : deps.getUnidadeId();
    if (unidadeId) config.headers.set(HEADERS.unidadeNegocio, unidadeId);
    config.headers.set(HEADERS.origin, 'web');
    // Every write is idempotent; forms pass their own key so a re-submission reuses it.
    if (WRITE_METHODS.has((config.method ?? 'get').toLowerCase()) && !config.headers.has(IDEMPOTENCY_HEADER)) {
      config.headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
    }
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      renewToken(response, deps);
      return response;
    },
    async (raw: unknown) => {
      if (raw instanceof AxiosError) renewToken(raw.response, deps);
      if (axios.isCancel(raw)) return Promise.reject(raw);
      // A file request (responseType 'blob') gets its refusal as a blob too: read its JSON
      // `errors` back, so the API's Portuguese message reaches the user.
      if (raw instanceof AxiosError && raw.response?.data instanceof Blob) {
        try {
          raw.response.data = JSON.parse(await raw.response.data.text()) as unknown;
        } catch {
          // Not JSON: the generic message of the status.
        }
      }
      const error = toApiError(raw);
      const silent = raw instanceof AxiosError && raw.config?.silent === true;
      if (!silent) {
        const message = globalMessage(error);
        if (message) deps.notifyError(message);
        if (error.kind === 'unauthorized') {
          deps.onUnauthorized({ isCurrentUserCall: pathOf(error.url) === CURRENT_USER_PATH });
        }
      }
      return Promise.reject(error);
    },
  );

  return client;
};
