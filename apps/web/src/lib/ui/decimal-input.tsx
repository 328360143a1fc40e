/**
 * The one number field of the app (issue #15): money, quantities, percentages and whole
 * numbers are typed the pt-BR way ('.' thousands, ',' decimals), typed or pasted, and read by
 * `readDecimalInput` of @petshop/shared/format. What it cannot read is refused, never trimmed:
 * the field keeps the text and shows why ('Valor inválido: use 1.234,56'), the value handed to
 * the form is NaN (not a silently different number), Enter in the field does nothing else and
 * the field's form is not submitted. On blur a readable value is written back formatted
 * ('1250' → 'R$ 1.250,00' in money).
 *
 * Mantine's NumberInput (react-number-format) must not be used instead: it takes a typed '.' as
 * the decimal separator, so '1.250,00' typed became 1,25 (eslint.config.js forbids it).
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { readDecimalInput, type DecimalInputReading } from '@petshop/shared/format';
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent, type Ref } from 'react';

/** The value a number field hands to its form: a number, '' while empty, NaN while unreadable. */
export type DecimalValue = number | '';

export type DecimalInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'prefix'> & {
  /** A number, or '' (or null) while empty; numeric text ('12.5') is read as the API writes it. */
  value?: number | string | null;
  /** Called on every change: the number read, '' when emptied, NaN when the text is unreadable. */
  onChange?: (value: DecimalValue) => void;
  /** Most decimal places accepted (default 2); 0 for whole numbers. */
  decimalScale?: number;
  /** Shorthand for `decimalScale={0}` when false (NumberInput's prop). */
  allowDecimal?: boolean;
  /** Written with exactly `decimalScale` decimals on blur (money: 'R$ 1.250,00'). */
  fixedDecimalScale?: boolean;
  /** Fewest decimals written on blur when not fixed (a cost: 2, up to 4). Default 0. */
  minDecimalScale?: number;
  /** Whether '-' is accepted (default false: refused with a message). */
  allowNegative?: boolean;
  /** Smallest and largest value accepted; outside them the field shows an error. */
  min?: number;
  max?: number;
  /** Text written before / after the number on blur ('R$ ', ' %', ' kg'); accepted when typed. */
  prefix?: string;
  suffix?: string;
  /** The message for text that is no number (default 'Número inválido: use 1.234,56'). */
  invalidMessage?: string;
  ref?: Ref<HTMLInputElement>;
};

const EXAMPLE_DECIMALS = '5678';

/** '1.234' or '1.234,5…' with `decimals` places, to show how a number is written. */
const example = (decimals: number): string =>
  decimals > 0 ? `1.234,${EXAMPLE_DECIMALS.slice(0, decimals).padEnd(decimals, '0')}` : '1.234';

/** The value as written back into the field: pt-BR grouping and comma, with prefix/suffix. */
export function formatDecimalInput(
  value: number,
  options: { decimalScale: number; minDecimalScale?: number; prefix?: string; suffix?: string },
): string {
  const max = Math.max(0, options.decimalScale);
  const min = Math.min(max, Math.max(0, options.minDecimalScale ?? 0));
  const digits = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: min, maximumFractionDigits: max }).format(
    Math.abs(value),
  );
  const sign = value < 0 ? '-' : '';
  return `${sign}${options.prefix ?? ''}${digits}${options.suffix ?? ''}`;
}

/** A prop value as a number, '' when empty, NaN when unreadable. */
const fromProp = (value: number | string | null | undefined): DecimalValue => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (value.trim() === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
};

const sameValue = (a: DecimalValue | undefined, b: DecimalValue | undefined): boolean => Object.is(a, b);

type Checked = { value: DecimalValue; error: string | null; refused: boolean; incomplete: boolean };

/**
 * A number field for pt-BR text; see the module comment. Takes the props of
 * `form.getInputProps(path)` (value, onChange, error, onFocus, onBlur) and TextInput's others.
 */
export function DecimalInput({
  value,
  onChange,
  decimalScale = 2,
  allowDecimal = true,
  fixedDecimalScale = false,
  minDecimalScale,
  allowNegative = false,
  min,
  max,
  prefix,
  suffix,
  invalidMessage,
  error,
  onFocus,
  onBlur,
  onKeyDown,
  ref,
  ...props
}: DecimalInputProps) {
  const scale = allowDecimal ? Math.max(0, decimalScale) : 0;
  const display = { decimalScale: scale, minDecimalScale: fixedDecimalScale ? scale : minDecimalScale, prefix, suffix };
  const format = (v: DecimalValue): string => (v === '' || Number.isNaN(v) ? '' : formatDecimalInput(v, display));

  const [text, setText] = useState(() => format(fromProp(value)));
  const [showDeferred, setShowDeferred] = useState(false);
  // The value this field last handed to its form: a different `value` prop comes from outside.
  const emitted = useRef<DecimalValue>(fromProp(value));
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);

  const check = (t: string): Checked => {
    const reading: DecimalInputReading = readDecimalInput(t, { decimals: scale, allowNegative, prefix, suffix });
    const invalid = invalidMessage ?? `Número inválido: use ${example(scale)}`;
    switch (reading.status) {
      case 'empty':
        return { value: '', error: null, refused: false, incomplete: false };
      case 'incomplete':
        return { value: Number.NaN, error: invalid, refused: true, incomplete: true };
      case 'invalid': {
        const message =
          reading.reason === 'negative'
            ? 'O valor não pode ser negativo'
            : reading.reason === 'decimals'
              ? scale === 0
                ? 'Use um número inteiro'
                : `Use no máximo ${scale} ${scale === 1 ? 'casa decimal' : 'casas decimais'}`
              : invalid;
        return { value: Number.NaN, error: message, refused: true, incomplete: false };
      }
      case 'ok': {
        const n = reading.value;
        // Below the minimum may still be on its way ('1' of '150' with min 100): shown on leaving.
        if (min !== undefined && n < min) {
          return { value: n, error: `O mínimo é ${formatDecimalInput(min, display)}`, refused: true, incomplete: true };
        }
        if (max !== undefined && n > max) {
          return { value: n, error: `O máximo é ${formatDecimalInput(max, display)}`, refused: true, incomplete: false };
        }
        return { value: n, error: null, refused: false, incomplete: false };
      }
    }
  };

  // A value set from outside (a reset, a computed price, the API's answer) is written formatted.
  // A form that stores '' for our NaN (unreadable text), or 0 for our '' (an empty field counts
  // as zero), keeps the text the person typed.
  useEffect(() => {
    const next = fromProp(value);
    if (sameValue(next, emitted.current)) return;
    if (next === '' && Number.isNaN(emitted.current)) return;
    if (next === 0 && emitted.current === '') return;
    emitted.current = next;
    setText(format(next));
    setShowDeferred(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value rewrites the text
  }, [value]);

  // A field whose prefix, suffix or decimals change (discount in R$ → in %) rewrites its value.
  // While the person types, only a text the new shape cannot read is rewritten.
  const shape = `${prefix ?? ''}|${suffix ?? ''}|${scale}`;
  const shapeRef = useRef(shape);
  useEffect(() => {
    if (shapeRef.current === shape) return;
    shapeRef.current = shape;
    const v = emitted.current;
    const typing = inputRef.current !== null && inputRef.current === document.activeElement;
    if (v !== '' && Number.isFinite(v) && (!typing || check(text).refused)) setText(format(v));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new shape rewrites the text
  }, [shape]);

  const current = check(text);
  const shownError = current.error && (!current.incomplete || showDeferred) ? current.error : null;

  // An unreadable field blocks its form: the submit event stops at the form, before React's
  // handlers (delegated to the root) see it, and the field shows why.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!current.refused || !form) return;
    const block = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      setShowDeferred(true);
      inputRef.current?.focus();
    };
    form.addEventListener('submit', block, true);
    return () => form.removeEventListener('submit', block, true);
  }, [current.refused]);

  const emit = (v: DecimalValue) => {
    emitted.current = v;
    onChange?.(v);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const t = event.currentTarget.value;
    setText(t);
    setShowDeferred(false);
    const next = check(t).value;
    if (!sameValue(next, emitted.current)) emit(next);
  };

  // The suffix ('20 %') leaves while the field has the focus, so what is typed goes after the
  // number; it is written back on blur.
  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    const bare = (suffix ?? '').trim();
    if (bare && !current.refused && current.value !== '' && text.trimEnd().endsWith(bare)) {
      setText(text.trimEnd().slice(0, -bare.length).trimEnd());
    }
    onFocus?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setShowDeferred(true);
    if (!current.refused && current.value !== '') setText(format(current.value));
    onBlur?.(event);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && current.refused) {
      // Refused: Enter neither submits nor does what the screen binds to it.
      event.preventDefault();
      setShowDeferred(true);
      return;
    }
    onKeyDown?.(event);
  };

  return (
    <TextInput
      inputMode={scale > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...props}
      ref={mergedRef}
      value={text}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
      error={shownError ?? error}
    />
  );
}

export type MoneyInputProps = Omit<DecimalInputProps, 'decimalScale' | 'fixedDecimalScale' | 'prefix' | 'allowDecimal'>;

/**
 * Money (spec §9: BRL, 2 decimals, prefix R$): typed '1.250,00', '1250' or pasted 'R$ 1.250,00'
 * → 1250, written back 'R$ 1.250,00'.
 */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <DecimalInput
      placeholder="R$ 0,00"
      invalidMessage="Valor inválido: use 1.234,56"
      {...props}
      decimalScale={2}
      fixedDecimalScale
      prefix="R$ "
    />
  );
}

export type QuantityInputProps = Omit<DecimalInputProps, 'decimalScale' | 'allowDecimal'> & {
  /** Whether the unit is sold in fractions (spec §4): 3 decimals, else whole numbers. Default true. */
  fracionada?: boolean;
};

/** A quantity (spec §4): up to 3 decimals when the unit is fractional ('1,5' kg), whole otherwise. */
export function QuantityInput({ fracionada = true, ...props }: QuantityInputProps) {
  const scale = fracionada ? 3 : 0;
  return <DecimalInput invalidMessage={`Quantidade inválida: use ${example(scale)}`} {...props} decimalScale={scale} />;
}

/**
 * A money (or any number) field's value as reais, or null when empty or unreadable (NaN, or text
 * that is no number). An unreadable field blocks its form's submission, so null never reaches the API.
 */
export const moneyValue = (value: number | string | null | undefined): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
