/** Species (DOMAIN.md §3): /configuracoes/pet/especies. */
import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { especieInputSchema, type Especie } from '@petshop/shared/especie';
import { linkOptions } from '@tanstack/react-router';
import type { CrudFieldsProps, CrudResource } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { especiesApi, type EspecieInputParsed } from '../api/especies.ts';

type EspecieFormValues = { nome: string; ativo: boolean };

function EspecieFields({ form }: CrudFieldsProps<Especie, EspecieFormValues>) {
  return (
    <FormSection title="Espécie">
      <Stack gap="sm" maw={520}>
        <TextInput label="Nome" required autoFocus placeholder="Canina" {...form.getInputProps('nome')} />
        <Switch
          label="Ativa"
          description="Espécies inativas não aparecem no cadastro de novos pets."
          {...form.getInputProps('ativo', { type: 'checkbox' })}
        />
      </Stack>
    </FormSection>
  );
}

export const especiesResource: CrudResource<Especie, EspecieFormValues, EspecieInputParsed> = {
  api: especiesApi,
  title: 'Espécies',
  description: 'Canina, felina, aves e as outras espécies que a loja atende.',
  newTitle: 'Nova espécie',
  editTitle: 'Editar espécie',
  subject: 'a espécie',
  deleteDetail: 'Espécies com pets ou raças não podem ser excluídas: desative-as.',
  name: (e) => e.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (e) => (
        <Text size="sm" fw={500}>
          {e.nome}
        </Text>
      ),
    },
    { key: 'ativo', header: 'Situação', render: (e) => <AtivoBadge ativo={e.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome',
  schema: especieInputSchema,
  valuesOf: (e) => ({ nome: e?.nome ?? '', ativo: e?.ativo ?? true }),
  Fields: EspecieFields,
  links: {
    list: linkOptions({ to: '/configuracoes/pet/especies' }),
    form: (id) => linkOptions({ to: '/configuracoes/pet/especies/form/{-$especieId}', params: { especieId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'pet' } }),
    parentLabel: 'Configurações',
  },
};
