/** Brands (DOMAIN.md §4): /configuracoes/produtos/marcas. */
import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { marcaInputSchema, type Marca, type MarcaInputParsed } from '@petshop/shared/marca';
import { linkOptions } from '@tanstack/react-router';
import type { CrudFieldsProps, CrudResource } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { marcasApi } from '../api/marcas.ts';

type MarcaFormValues = { nome: string; ativo: boolean };

function MarcaFields({ form }: CrudFieldsProps<Marca, MarcaFormValues>) {
  return (
    <FormSection title="Marca">
      <Stack gap="sm" maw={520}>
        <TextInput label="Nome" required autoFocus {...form.getInputProps('nome')} />
        <Switch
          label="Ativa"
          description="Marcas inativas não aparecem para novos produtos."
          {...form.getInputProps('ativo', { type: 'checkbox' })}
        />
      </Stack>
    </FormSection>
  );
}

export const marcasResource: CrudResource<Marca, MarcaFormValues, MarcaInputParsed> = {
  api: marcasApi,
  title: 'Marcas',
  description: 'Fabricantes dos produtos do catálogo.',
  newTitle: 'Nova marca',
  editTitle: 'Editar marca',
  subject: 'a marca',
  deleteDetail: 'Marcas usadas por produtos não podem ser excluídas: desative-as.',
  name: (m) => m.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (m) => (
        <Text size="sm" fw={500}>
          {m.nome}
        </Text>
      ),
    },
    { key: 'ativo', header: 'Situação', render: (m) => <AtivoBadge ativo={m.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome',
  schema: marcaInputSchema,
  valuesOf: (m) => ({ nome: m?.nome ?? '', ativo: m?.ativo ?? true }),
  Fields: MarcaFields,
  links: {
    list: linkOptions({ to: '/configuracoes/produtos/marcas' }),
    form: (id) => linkOptions({ to: '/configuracoes/produtos/marcas/form/{-$marcaId}', params: { marcaId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'produtos' } }),
    parentLabel: 'Configurações',
  },
};
