/**
 * Idempotent writes (API plugins/idempotency.ts): a write that carries an `Idempotency-Key`
 * runs once; repeating it (a retry after a lost answer, a second click) gets the first answer.
 * Forms keep one key per submission; other writes get a fresh key from the HTTP client.
 */
import type { AxiosRequestConfig } from 'axios';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 128 random bits as hex; getRandomValues also works outside secure contexts (plain http on a LAN). */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Request config carrying a key, for fetchers that receive one from a form. */
export const idempotencyConfig = (key: string | undefined): AxiosRequestConfig =>
  key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {};
