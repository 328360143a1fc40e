/** The fields of a room or a box (name, active): the same contract, recursoInputSchema. */
import { Grid, Switch, TextInput } from '@mantine/core';
import type { Box, Sala } from '@petshop/shared/agenda';
import type { CrudFieldsProps } from '#lib/crud/crud-resource.ts';
import { FormSection } from '#lib/ui/form-section.tsx';

export type RecursoFormValues = { nome: string; ativo: boolean };

export const recursoValuesOf = (row?: Sala | Box): RecursoFormValues => ({ nome: row?.nome ?? '', ativo: row?.ativo ?? true });

/** `title`: the section heading ('Sala', 'Box'); `placeholder` an example name. */
export function recursoFields(title: string, placeholder: string) {
  return function RecursoFields({ form }: CrudFieldsProps<Sala | Box, RecursoFormValues>) {
    return (
      <FormSection title={title}>
        <Grid gap="sm" maw={720}>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Nome" required autoFocus maxLength={60} placeholder={placeholder} {...form.getInputProps('nome')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
          </Grid.Col>
        </Grid>
      </FormSection>
    );
  };
}
