/**
 * The fields of a pet (DOMAIN.md §3). `basico` is the short block of a new customer's first
 * pet; the full form adds coat, neutering, microchip, weight, temperament, health and death.
 * Choosing a species narrows the breeds and coats; choosing a breed sets its default size.
 */
import { Checkbox, Grid, Switch, Textarea, TextInput } from '@mantine/core';
import { PORTES } from '@petshop/shared/especie';
import { SEXOS_PET } from '@petshop/shared/pet';
import { useMemo } from 'react';
import { useEspecieOptions, useRacaFilter, useRacas } from './especie-options.ts';
import type { PetBasicoValues, PetFormValues } from './pet-values.ts';
import type { FormBinding } from '#lib/forms/form-binding.ts';
import { DataInput } from '#lib/ui/masked-inputs.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { pelagensApi } from '../api/pelagens.ts';
import { DecimalInput, QuantityInput } from '#lib/ui/decimal-input.tsx';

const SEXO_OPTIONS = Object.entries(SEXOS_PET).map(([value, label]) => ({ value, label }));
const PORTE_OPTIONS = Object.entries(PORTES).map(([value, label]) => ({ value, label }));

type PetBasicoFieldsProps = {
  form: FormBinding<Record<string, unknown>>;
  values: PetBasicoValues;
  /** Path of the pet in the form values ('primeiroPet'), '' at the root. */
  prefix?: string;
  /** Label prefix for the first pet block ('Nome do pet'). */
  nomeLabel?: string;
};

/** Name, species, breed, sex, birth date and size. */
export function PetBasicoFields({ form, values, prefix = '', nomeLabel = 'Nome' }: PetBasicoFieldsProps) {
  const path = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const especies = useEspecieOptions(values.especieId);
  const racas = useRacas(values.especieId);
  const racaFilter = useRacaFilter(racas);
  const racaOptions = useMemo(
    () => racas.filter((r) => r.ativo || r.id === values.racaId).map((r) => ({ value: r.id, label: r.nome })),
    [racas, values.racaId],
  );
  const especieProps = form.getInputProps(path('especieId'));
  const racaProps = form.getInputProps(path('racaId'));

  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={nomeLabel} autoComplete="off" {...form.getInputProps(path('nome'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <SelectField
          label="Espécie"
          placeholder="Selecione"
          data={especies}
          searchable
          clearable
          {...especieProps}
          onChange={(value) => {
            if (value === values.especieId) return;
            form.setFieldValue(path('especieId'), value);
            // Breeds (and coats) belong to a species.
            form.setFieldValue(path('racaId'), null);
            if (!prefix) form.setFieldValue('pelagemId', null);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <SelectField
          label="Raça"
          placeholder={values.especieId ? 'Selecione' : 'Escolha a espécie'}
          data={racaOptions}
          filter={racaFilter}
          disabled={!values.especieId}
          searchable
          clearable
          nothingFoundMessage="Nenhuma raça encontrada"
          {...racaProps}
          onChange={(value) => {
            form.setFieldValue(path('racaId'), value);
            // The breed's default size (the API does the same when porte is absent).
            const porte = racas.find((r) => r.id === value)?.porte;
            if (porte) form.setFieldValue(path('porte'), porte);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <SelectField
          label="Sexo"
          placeholder="Não informado"
          data={SEXO_OPTIONS}
          clearable
          {...form.getInputProps(path('sexo'))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <DataInput label="Data de nascimento" {...form.getInputProps(path('dataNascimento'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <SelectField
          label="Porte"
          placeholder="Padrão da raça"
          data={PORTE_OPTIONS}
          clearable
          {...form.getInputProps(path('porte'))}
        />
      </Grid.Col>
    </Grid>
  );
}

/** Everything else of a pet, under the basic block. */
export function PetMaisFields({ form, values }: { form: FormBinding<PetFormValues>; values: PetFormValues }) {
  const pelagens = pelagensApi.useOptions({ especieId: values.especieId ?? undefined }, Boolean(values.especieId));
  const pelagemOptions = useMemo(
    () =>
      (values.especieId ? (pelagens.data?.items ?? []) : [])
        .filter((p) => p.ativo || p.id === values.pelagemId)
        .map((p) => ({ value: p.id, label: p.nome })),
    [pelagens.data, values.especieId, values.pelagemId],
  );
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <SelectField
          label="Pelagem"
          placeholder={values.especieId ? 'Selecione' : 'Escolha a espécie'}
          data={pelagemOptions}
          disabled={!values.especieId}
          searchable
          clearable
          {...form.getInputProps('pelagemId')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <QuantityInput label="Peso" suffix=" kg" allowNegative={false} {...form.getInputProps('peso')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <DecimalInput
          label="Idade estimada (meses)"
          description="Quando não se sabe o nascimento"
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={600}
          disabled={values.dataNascimento.trim() !== ''}
          {...form.getInputProps('idadeEstimadaMeses')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Microchip"
          description="15 dígitos"
          inputMode="numeric"
          maxLength={20}
          {...form.getInputProps('microchip')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DataInput
          label="Data de óbito"
          description="Pets falecidos não recebem lembretes"
          {...form.getInputProps('dataObito')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Grid gap="xs">
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Checkbox label="Castrado" {...form.getInputProps('castrado', { type: 'checkbox' })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Checkbox label="Agressivo" color="red" {...form.getInputProps('agressivo', { type: 'checkbox' })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Checkbox label="Usa focinheira" color="orange" {...form.getInputProps('usaFocinheira', { type: 'checkbox' })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
          </Grid.Col>
        </Grid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Textarea label="Alergias" autosize minRows={2} maxRows={4} {...form.getInputProps('alergias')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Textarea label="Observações" autosize minRows={2} maxRows={4} {...form.getInputProps('observacoes')} />
      </Grid.Col>
    </Grid>
  );
}
