/**
 * Shows a server error on a Mantine form (spec §5): the first message of each field on that
 * field, `generalErrors` (and messages for fields the form does not have) as general errors.
 * Field keys may be dotted ('endereco.cep', 'unidades.0.perfilId').
 */
import type { ReactNode } from 'react';
import { toApiError } from '../http/api-error.ts';

/** The part of a Mantine form this needs (any `useForm` result fits). */
export type ServerErrorTarget = {
  getValues: () => unknown;
  setErrors: (errors: Record<string, ReactNode>) => void;
};

export type ApplyServerErrorsOptions = {
  /** Only keys under this prefix belong to the form; it is stripped ('petshop' → 'petshop.cnpj' is 'cnpj'). */
  prefix?: string;
  /** Renames server keys to form paths ({ 'fiscal.certificado': 'certificado' }). */
  fieldMap?: Record<string, string>;
};

/** Whether `path` ('a.b.0.c') exists in `values`. */
export const hasPath = (values: unknown, path: string): boolean => {
  let current: unknown = values;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(segment in current)) return false;
    current = (current as Record<string, unknown>)[segment];
  }
  return true;
};

/**
 * Sets the field errors on the form and returns the messages to show as general errors
 * (empty when every message found its field). A 401 returns nothing: the client already
 * sent the user to the login page.
 */
export const applyServerErrors = (form: ServerErrorTarget, error: unknown, options: ApplyServerErrorsOptions = {}): string[] => {
  const apiError = toApiError(error);
  if (apiError.kind === 'unauthorized') return [];
  const values = form.getValues();
  const fieldErrors: Record<string, string> = {};
  const general = [...apiError.generalErrors];

  for (const [serverKey, message] of Object.entries(apiError.fieldErrors)) {
    let key: string | null = serverKey;
    if (options.prefix) {
      key = serverKey.startsWith(`${options.prefix}.`) ? serverKey.slice(options.prefix.length + 1) : null;
    }
    if (key !== null) key = options.fieldMap?.[key] ?? key;
    if (key !== null && hasPath(values, key)) fieldErrors[key] = message;
    else general.push(message);
  }

  form.setErrors(fieldErrors);
  if (general.length === 0 && Object.keys(fieldErrors).length === 0) general.push(apiError.message);
  return general;
};
