/**
 * Progressive input masks for Brazilian documents: they format what has been typed so far
 * ('1234' → '123.4'), where the display formatters of @petshop/shared/format only accept
 * complete values. Every mask keeps digits only, capped at the document's length.
 */
import { onlyDigits } from '@petshop/shared/validators';

/** Applies a pattern where '#' is a digit: applyMask('1234', '###.###') → '123.4'. */
export const applyMask = (value: string, pattern: string): string => {
  const digits = onlyDigits(value);
  let out = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === '#') {
      out += digits[next];
      next += 1;
    } else {
      out += char;
    }
  }
  return out;
};

export const maskCpf = (value: string): string => applyMask(value, '###.###.###-##');
export const maskCnpj = (value: string): string => applyMask(value, '##.###.###/####-##');
/** CPF while up to 11 digits are typed, CNPJ from the 12th on (people and companies in one field). */
export const maskCpfCnpj = (value: string): string => (onlyDigits(value).length <= 11 ? maskCpf(value) : maskCnpj(value));
export const maskCep = (value: string): string => applyMask(value, '#####-###');
/** (11) 3456-7890 for landlines (10 digits), (11) 98765-4321 for mobiles (11 digits). */
export const maskTelefone = (value: string): string =>
  onlyDigits(value).length <= 10 ? applyMask(value, '(##) ####-####') : applyMask(value, '(##) #####-####');
/** A date typed as dd/mm/aaaa (spec §5): '15031990' → '15/03/1990'. */
export const maskData = (value: string): string => applyMask(value, '##/##/####');
