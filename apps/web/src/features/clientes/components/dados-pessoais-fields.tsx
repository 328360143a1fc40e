import { Autocomplete, Grid, Textarea, TextInput } from '@mantine/core';
import { COMO_CONHECEU, SEXOS_PESSOA } from '@petshop/shared/pessoa';
import type { DadosPessoaisValues } from './pessoa-values.ts';
import type { FormBinding } from '#lib/forms/form-binding.ts';
import { CpfCnpjInput, DataInput } from '#lib/ui/masked-inputs.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

const SEXO_OPTIONS = Object.entries(SEXOS_PESSOA).map(([value, label]) => ({ value, label }));

/** Name, CPF/CNPJ, RG, birth date, sex, how they found the shop, notes (DOMAIN.md §3). */
export function DadosPessoaisFields({ form }: { form: FormBinding<DadosPessoaisValues> }) {
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label="Nome" required autoComplete="off" {...form.getInputProps('nome')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <CpfCnpjInput label="CPF/CNPJ" {...form.getInputProps('cpfCnpj')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <TextInput label="RG" maxLength={20} {...form.getInputProps('rg')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <DataInput label="Data de nascimento" {...form.getInputProps('dataNascimento')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <SelectField label="Sexo" placeholder="Não informado" data={SEXO_OPTIONS} clearable {...form.getInputProps('sexo')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <Autocomplete
          label="Como conheceu"
          placeholder="Indicação, Instagram..."
          data={[...COMO_CONHECEU]}
          maxLength={60}
          {...form.getInputProps('comoConheceu')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label="Observações" autosize minRows={2} maxRows={6} {...form.getInputProps('observacoes')} />
      </Grid.Col>
    </Grid>
  );
}
