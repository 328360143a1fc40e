/**
 * Money typed the Brazilian way (spec §9: BRL, 2 decimals, prefix R$, dot thousands and comma
 * decimals): 'R$ 1.234,50'. `MoneyInput` is the money preset of `DecimalInput` (one number field
 * for the whole app, issue #15); the value is a number in reais, '' while empty, NaN while the
 * text is unreadable; it takes the props of `form.getInputProps(path)`.
 */
export { MoneyInput, type MoneyInputProps } from './decimal-input.tsx';

/**
 * A money field's value as reais, or null when empty or unreadable (NaN, or text that is no
 * number). An unreadable field blocks its form's submission, so null never reaches the API.
 */
export const moneyValue = (value: number | string | null | undefined): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
