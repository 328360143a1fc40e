/**
 * The application's error type and its constructors. Every 4xx body has the spec §8 shape
 * `{ errors: { <field>: [msg], generalErrors: [msg] } }`; messages are Portuguese and meant
 * for the user. Internal details stay in the log (plugins/errors.ts).
 */
import { GENERAL_ERRORS, HTTP_MESSAGES, type ApiErrors } from '@petshop/shared/http';
import type { ZodError } from 'zod';

export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: ApiErrors;
  constructor(statusCode: number, errors: ApiErrors) {
    super(Object.values(errors).flat()[0] ?? 'Erro');
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

const general = (message: string): ApiErrors => ({ [GENERAL_ERRORS]: [message] });

/** 400 with a general message, or with a field map. */
export const badRequest = (errors: string | ApiErrors): AppError =>
  new AppError(400, typeof errors === 'string' ? general(errors) : errors);

/** 400 on one field. */
export const fieldError = (field: string, message: string): AppError => new AppError(400, { [field]: [message] });

/** 401 'Acesso não autorizado' (spec §8). */
export const unauthorized = (): AppError => new AppError(401, general(HTTP_MESSAGES.unauthorized));

/** 403 for a missing permission or a unit the user does not belong to. */
export const forbidden = (message: string = HTTP_MESSAGES.forbidden): AppError => new AppError(403, general(message));

/** 404 with a Portuguese message naming what was not found. */
export const notFound = (message: string = HTTP_MESSAGES.notFound): AppError => new AppError(404, general(message));

/** Turns zod issues into the field map; nested paths join with dots ('endereco.cep'). */
export const zodIssuesToErrors = (error: Pick<ZodError, 'issues'>, prefix = ''): ApiErrors => {
  const errors: ApiErrors = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || GENERAL_ERRORS;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
};
