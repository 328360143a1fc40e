/**
 * Money typed the Brazilian way (spec §9: BRL, 2 decimals, prefix R$, dot thousands and comma
 * decimals): 'R$ 1.234,50'. The value is a number in reais, or '' while empty, as Mantine's
 * NumberInput keeps it; it takes the props of `form.getInputProps(path)`.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<
  NumberInputProps,
  'decimalSeparator' | 'thousandSeparator' | 'prefix' | 'decimalScale' | 'fixedDecimalScale'
>;

export function MoneyInput(props: MoneyInputProps) {
  return (
    <NumberInput
      decimalSeparator=","
      thousandSeparator="."
      prefix="R$ "
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      hideControls
      inputMode="decimal"
      placeholder="R$ 0,00"
      {...props}
    />
  );
}

/** A money field's value ('' while empty, or the text Mantine passes mid-typing) as reais, or null. */
export const moneyValue = (value: number | string | null | undefined): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
