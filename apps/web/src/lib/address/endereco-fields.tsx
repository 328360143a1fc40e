/**
 * The address block shared by onboarding and business units: CEP (with lookup), street,
 * number, complement, district, city, UF and IBGE code, bound to `<prefix>.<field>` of a
 * Mantine form. A lookup that fills nothing says why in one line under the CEP (unknown CEP,
 * or the service could not be asked); the fields stay editable by hand either way.
 */
import { Grid, Loader, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { onlyDigits, UFS } from '@petshop/shared/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CEP_AVISOS, cepQueryOptions, type CepResult } from './cep.ts';
import { CepInput } from '../ui/masked-inputs.tsx';
import { SelectField } from '../ui/select-field.tsx';

/** Form values of an address: every field is text while editing. */
export type EnderecoFormValues = {
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string | null;
  codigoIbge: string;
};

export const emptyEndereco = (): EnderecoFormValues => ({
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: null,
  codigoIbge: '',
});

/** What this block needs from a Mantine form (any `useForm` result fits). */
export type AddressFormBinding = {
  getInputProps: (path: string) => GetInputPropsReturnType;
  setFieldValue: (path: string, value: string) => void;
};

type EnderecoFieldsProps = {
  form: AddressFormBinding;
  /** Path of the address object in the form values. */
  prefix?: string;
  /** Marks CEP, street, number, district, city and UF as required (onboarding). */
  required?: boolean;
  /** Whether to show the IBGE code (filled by the lookup, needed for NFC-e). */
  withCodigoIbge?: boolean;
};

const FILLED_BY_LOOKUP = ['logradouro', 'bairro', 'cidade', 'uf', 'codigoIbge'] as const satisfies readonly (keyof CepResult)[];

export function EnderecoFields({ form, prefix = 'endereco', required = false, withCodigoIbge = true }: EnderecoFieldsProps) {
  const queryClient = useQueryClient();
  const [looking, setLooking] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const lastLookup = useRef<string | null>(null);
  const path = (field: keyof EnderecoFormValues) => `${prefix}.${field}`;
  const cepProps = form.getInputProps(path('cep'));

  const lookup = async (cep: string) => {
    lastLookup.current = cep;
    setLooking(true);
    try {
      const result = await queryClient.fetchQuery(cepQueryOptions(cep)).catch(() => undefined);
      // The user may have typed another CEP meanwhile.
      if (lastLookup.current !== cep) return;
      if (result === undefined) {
        // Not cached: typing the same CEP again asks again.
        lastLookup.current = null;
        setAviso(CEP_AVISOS.indisponivel);
        return;
      }
      if (result === null) {
        setAviso(CEP_AVISOS.naoEncontrado);
        return;
      }
      for (const field of FILLED_BY_LOOKUP) {
        if (result[field]) form.setFieldValue(path(field), result[field]);
      }
    } finally {
      setLooking(false);
    }
  };

  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <CepInput
          label="CEP"
          required={required}
          rightSection={looking ? <Loader size="xs" role="status" aria-label="Buscando CEP" /> : null}
          {...cepProps}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            aviso ? (
              <Text span size="xs" c="orange.9" role="status">
                {aviso}
              </Text>
            ) : undefined
          }
          onChange={(value: string) => {
            form.setFieldValue(path('cep'), value);
            setAviso(null);
            const digits = onlyDigits(value);
            if (digits.length === 8 && digits !== lastLookup.current) void lookup(digits);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput
          label="Logradouro"
          required={required}
          autoComplete="address-line1"
          {...form.getInputProps(path('logradouro'))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 3 }}>
        <TextInput label="Número" required={required} {...form.getInputProps(path('numero'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 9 }}>
        <TextInput label="Complemento" autoComplete="address-line2" {...form.getInputProps(path('complemento'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput label="Bairro" required={required} {...form.getInputProps(path('bairro'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 8, sm: 5 }}>
        <TextInput label="Cidade" required={required} autoComplete="address-level2" {...form.getInputProps(path('cidade'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 2 }}>
        <SelectField
          label="UF"
          required={required}
          data={[...UFS]}
          searchable
          allowDeselect={!required}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps(path('uf'))}
        />
      </Grid.Col>
      {withCodigoIbge ? (
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Código IBGE"
            description="Código do município (7 dígitos)"
            inputMode="numeric"
            maxLength={7}
            {...form.getInputProps(path('codigoIbge'))}
          />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}
