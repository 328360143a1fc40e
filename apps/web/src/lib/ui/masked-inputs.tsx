/**
 * Text inputs that mask Brazilian documents while typing. They take the props of
 * `form.getInputProps(path)`; the form keeps the masked text and the shared zod schemas keep
 * digits only when the form is submitted.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { maskCep, maskCnpj, maskCpf, maskCpfCnpj, maskData, maskTelefone } from './masks.ts';

export type MaskedInputProps = Omit<TextInputProps, 'onChange' | 'value' | 'defaultValue'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

type MaskSpec = { mask: (value: string) => string; placeholder: string; maxLength: number };

const createMaskedInput = (spec: MaskSpec, displayName: string) => {
  function MaskedInput({ value, onChange, ...props }: MaskedInputProps) {
    return (
      <TextInput
        inputMode="numeric"
        autoComplete="off"
        placeholder={spec.placeholder}
        maxLength={spec.maxLength}
        {...props}
        value={spec.mask(value ?? '')}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(spec.mask(event.currentTarget.value))}
      />
    );
  }
  MaskedInput.displayName = displayName;
  return MaskedInput;
};

export const CpfInput = createMaskedInput({ mask: maskCpf, placeholder: '000.000.000-00', maxLength: 14 }, 'CpfInput');
export const CnpjInput = createMaskedInput({ mask: maskCnpj, placeholder: '00.000.000/0000-00', maxLength: 18 }, 'CnpjInput');
export const CpfCnpjInput = createMaskedInput({ mask: maskCpfCnpj, placeholder: 'CPF ou CNPJ', maxLength: 18 }, 'CpfCnpjInput');
export const CepInput = createMaskedInput({ mask: maskCep, placeholder: '00000-000', maxLength: 9 }, 'CepInput');
export const TelefoneInput = createMaskedInput(
  { mask: maskTelefone, placeholder: '(00) 00000-0000', maxLength: 15 },
  'TelefoneInput',
);
/**
 * A date typed dd/mm/aaaa; the shared schemas read it (spec §5) and send 'yyyy-MM-dd'. Fill it
 * with `formatDate(apiDate)`.
 */
export const DataInput = createMaskedInput({ mask: maskData, placeholder: 'dd/mm/aaaa', maxLength: 10 }, 'DataInput');
