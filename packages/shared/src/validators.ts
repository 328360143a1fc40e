/**
 * zod building blocks for Brazilian documents and common fields, with pt-BR messages.
 * Check digits come from @brazilian-utils/brazilian-utils (Receita Federal rules).
 */
import { isValidCnpj, isValidCpf, isValidCep } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { fromCents, parseBrazilianNumber, parseDateInput, roundQuantidade, toCents } from './format.ts';
import { emptyToUndefined } from './http.ts';
import { obrigatorio } from './zod-pt.ts';

/** Keeps digits only: '123.456.789-09' → '12345678909'. */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** Required text, trimmed, 1..max characters ('Nome é obrigatório', 'Descrição é obrigatória'). */
export const requiredText = (label: string, max = 120) =>
  z
    .string({ error: obrigatorio(label) })
    .trim()
    .min(1, { error: obrigatorio(label) })
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres` });

/** Optional text: '' becomes undefined. */
export const optionalText = (label: string, max = 255) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(max, { error: `${label} deve ter no máximo ${max} caracteres` })
      .optional(),
  );

/** E-mail, trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: 'E-mail é obrigatório' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'E-mail é obrigatório' })
  .pipe(z.email({ error: 'E-mail inválido' }));

/** CPF: 11 digits with valid check digits; stored as digits only. */
export const cpfSchema = z
  .string({ error: 'CPF é obrigatório' })
  .transform(onlyDigits)
  .refine((v) => v.length > 0, { error: 'CPF é obrigatório' })
  .refine((v) => isValidCpf(v), { error: 'CPF inválido' });

/** CNPJ: 14 digits with valid check digits; stored as digits only. */
export const cnpjSchema = z
  .string({ error: 'CNPJ é obrigatório' })
  .transform(onlyDigits)
  .refine((v) => v.length > 0, { error: 'CNPJ é obrigatório' })
  .refine((v) => isValidCnpj(v), { error: 'CNPJ inválido' });

/** CPF or CNPJ by length, digits only. */
export const cpfCnpjSchema = z
  .string({ error: 'CPF/CNPJ é obrigatório' })
  .transform(onlyDigits)
  .refine((v) => (v.length === 11 ? isValidCpf(v) : v.length === 14 ? isValidCnpj(v) : false), {
    error: 'CPF/CNPJ inválido',
  });

/** CEP: 8 digits, digits only. */
export const cepSchema = z
  .string({ error: 'CEP é obrigatório' })
  .transform(onlyDigits)
  .refine((v) => isValidCep(v), { error: 'CEP inválido' });

/** Brazilian phone: 10 or 11 digits (DDD + number), digits only. */
export const telefoneSchema = z
  .string({ error: 'Telefone é obrigatório' })
  .transform(onlyDigits)
  .refine((v) => v.length === 10 || v.length === 11, { error: 'Telefone inválido (informe DDD e número)' });

/** Makes a schema optional, treating '', whitespace and null as absent. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

/** Password rule for new passwords: 8..72 characters. */
export const novaSenhaSchema = z
  .string({ error: 'Senha é obrigatória' })
  .min(8, { error: 'A senha deve ter ao menos 8 caracteres' })
  .max(72, { error: 'A senha deve ter no máximo 72 caracteres' });

/** UF: two upper-case letters of a Brazilian state. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export const ufSchema = z.enum(UFS, { error: 'UF inválida' });

/** Largest money value accepted (reais): fits numeric(14,2) with room to spare. */
export const PRECO_MAXIMO = 999_999_999.99;
/** Largest quantity accepted: fits numeric(14,3). */
export const QUANTIDADE_MAXIMA = 999_999_999.999;

/** A number typed as a JSON number or as Brazilian text ('1.234,56'); '' and null are absent. */
export const numberInput = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === null || emptyToUndefined(v) === undefined) return undefined;
      if (typeof v === 'string') return parseBrazilianNumber(v) ?? v;
      return v;
    },
    z.number({ error: `${label} deve ser um número` }).optional(),
  );

/** Money in reais ≥ 0, rounded to the cent. */
export const moneyInput = (label: string) =>
  numberInput(label)
    .refine((v) => v === undefined || v >= 0, { error: `${label} não pode ser negativo` })
    .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: `${label} deve ser no máximo 999.999.999,99` })
    .transform((v) => (v === undefined ? undefined : fromCents(toCents(v))));

/** Quantity ≥ 0 (or > 0), rounded to 3 decimals. */
export const quantidadeInput = (label: string, positive = false) =>
  numberInput(label)
    .refine((v) => v === undefined || (positive ? v > 0 : v >= 0), {
      error: positive ? `${label} deve ser maior que zero` : `${label} não pode ser negativo`,
    })
    .refine((v) => v === undefined || v <= QUANTIDADE_MAXIMA, { error: `${label} é grande demais` })
    .transform((v) => (v === undefined ? undefined : roundQuantidade(v, true)));

/** An optional uuid field or param: '' and null are absent. */
export const optionalUuid = (message: string) =>
  z.preprocess((v) => (v === null ? undefined : emptyToUndefined(v)), z.uuid({ error: message }).optional());

/** An optional date typed as 'yyyy-MM-dd' or 'dd/MM/yyyy' (spec §5), 'yyyy-MM-dd' out; '' is absent. */
export const dateInput = (label: string) =>
  z.preprocess(
    (v) => {
      const value = emptyToUndefined(v);
      return typeof value === 'string' ? (parseDateInput(value) ?? value) : value;
    },
    z.iso.date({ error: `${label} inválida` }).optional(),
  );

/** A list param, comma-separated or repeated (`?status=a,b` or `?status=a&status=b`) → array; empty → []. */
export const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    const arr = Array.isArray(v) ? v : String(v).split(',');
    return arr.map((x) => String(x).trim()).filter(Boolean);
  }, z.array(item));
