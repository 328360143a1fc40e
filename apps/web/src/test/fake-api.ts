/**
 * A custom axios adapter answering like the API (not a mock of our modules): tests declare
 * handlers per 'METHOD /path' and read the requests that were made.
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export type FakeReply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
export type FakeHandler = (request: RecordedRequest) => FakeReply;

export type RecordedRequest = {
  method: string;
  path: string;
  params: Record<string, unknown>;
  headers: Record<string, string>;
  data: unknown;
  config: InternalAxiosRequestConfig;
};

export const json = (body: unknown, status = 200, headers?: Record<string, string>): FakeReply => ({ status, body, headers });
export const errors = (status: number, errorsMap: Record<string, string[]>): FakeReply => ({
  status,
  body: { errors: errorsMap },
});

export const createFakeApi = (handlers: Record<string, FakeHandler> = {}) => {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = (config.url ?? '').split('?')[0] ?? '';
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    const request: RecordedRequest = { method, path, params: { ...(config.params ?? {}) }, headers, data: config.data, config };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    const reply: FakeReply = handler
      ? handler(request)
      : { status: 404, body: { errors: { generalErrors: ['Não encontrado'] } } };
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    // As axios's own adapters settle: the request's validateStatus decides, else 2xx.
    if (config.validateStatus ? config.validateStatus(reply.status) : reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return { adapter, requests, handlers };
};
