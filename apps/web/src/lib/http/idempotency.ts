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

/**
 * A uuid v4 made on the client (a sale's id, a payment's key, a return's id).
 * `crypto.randomUUID` exists only in secure contexts (https or localhost); a till on a shop's
 * LAN over plain http still has `getRandomValues`.
 */
export const newUuid = (): string => {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Request config carrying a key, for fetchers that receive one from a form. */
export const idempotencyConfig = (key: string | undefined): AxiosRequestConfig =>
  key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {};
