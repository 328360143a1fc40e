/**
 * The one error type every fetcher rejects with. It carries the spec §8 error map already
 * split into field errors (first message of each field) and general errors.
 */
import { GENERAL_ERRORS, HTTP_MESSAGES } from '#lib/contrato-valores.ts';
import type { AxiosError } from 'axios';

/**
 * An axios failure, told by axios's own mark (`isAxiosError`) rather than `instanceof`, so this
 * module (in the entry chunk) does not load axios, which comes later with the first request.
 */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

export type ApiErrorKind =
  | 'validation' // 400
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'conflict' // 409
  | 'payload-too-large' // 413
  | 'too-many-requests' // 429
  | 'server' // 5xx
  | 'network' // no response
  | 'unknown';

const kindOfStatus = (status: number): ApiErrorKind => {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload-too-large';
  if (status === 429) return 'too-many-requests';
  if (status >= 500) return 'server';
  return 'unknown';
};

const DEFAULT_MESSAGES: Record<ApiErrorKind, string> = {
  validation: 'Verifique os dados informados',
  unauthorized: HTTP_MESSAGES.unauthorized,
  forbidden: HTTP_MESSAGES.forbidden,
  'not-found': HTTP_MESSAGES.notFound,
  conflict: 'O registro foi alterado por outra pessoa. Recarregue e tente novamente',
  'payload-too-large': 'Arquivo grande demais',
  'too-many-requests': 'Muitas tentativas. Aguarde um pouco e tente novamente',
  server: HTTP_MESSAGES.internal,
  network: HTTP_MESSAGES.network,
  unknown: 'Não foi possível concluir a operação',
};

type ErrorsBody = { errors: Record<string, string[]> };

const isErrorsBody = (body: unknown): body is ErrorsBody => {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return false;
  const { errors } = body;
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or null when no response came back. */
  readonly status: number | null;
  readonly kind: ApiErrorKind;
  /** First message of each field, keyed by the server's (possibly dotted) field path. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Messages that belong to no field (the server's `generalErrors`). */
  readonly generalErrors: readonly string[];
  /** The server's whole `errors` map, every message of every key (a key may carry data, such as ids). */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** Request path relative to the API base ('/auth/me'). */
  readonly url: string;

  constructor(init: {
    status: number | null;
    kind: ApiErrorKind;
    fieldErrors?: Record<string, string>;
    generalErrors?: string[];
    errors?: Record<string, string[]>;
    url?: string;
    message?: string;
  }) {
    const general = init.generalErrors ?? [];
    super(init.message ?? general[0] ?? DEFAULT_MESSAGES[init.kind]);
    this.status = init.status;
    this.kind = init.kind;
    this.fieldErrors = init.fieldErrors ?? {};
    this.generalErrors = general;
    this.errors = init.errors ?? {};
    this.url = init.url ?? '';
  }

  /** True for 4xx answers: the request itself was refused, repeating it will not help. */
  get isClientError(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500;
  }

  /** Messages for a general Alert: the general errors, else the error's own message. */
  get displayMessages(): readonly string[] {
    return this.generalErrors.length > 0 ? this.generalErrors : [this.message];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Maps an axios failure (or anything thrown) to an ApiError; see spec §8. */
export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (!isAxiosError(error)) {
    return new ApiError({ status: null, kind: 'unknown', message: error instanceof Error ? error.message : undefined });
  }
  const url = error.config?.url ?? '';
  const response = error.response;
  if (!response) return new ApiError({ status: null, kind: 'network', url });

  const kind = kindOfStatus(response.status);
  // 5xx never leaks server text; spec §8 gives one message.
  if (kind === 'server') return new ApiError({ status: response.status, kind, url });

  const fieldErrors: Record<string, string> = {};
  const generalErrors: string[] = [];
  const errors = isErrorsBody(response.data) ? response.data.errors : {};
  if (isErrorsBody(response.data)) {
    for (const [field, messages] of Object.entries(response.data.errors)) {
      if (field === GENERAL_ERRORS) generalErrors.push(...messages);
      else if (messages[0] !== undefined) fieldErrors[field] = messages[0];
    }
  }
  return new ApiError({ status: response.status, kind, fieldErrors, generalErrors, errors, url });
};

/** A user-facing sentence for any error: its general messages, else its default message. */
export const errorMessage = (error: unknown): string => toApiError(error).displayMessages.join(' ');
