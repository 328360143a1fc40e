/** Coats, per species (DOMAIN.md §3): /configuracoes/pet/pelagens. */
import { Grid, Switch, Text, TextInput } from '@mantine/core';
import { pelagemInputSchema, type Pelagem } from '@petshop/shared/especie';
import { linkOptions } from '@tanstack/react-router';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { pelagensApi, type PelagemInputParsed } from '../api/pelagens.ts';
import { EspecieFilter } from '../components/especie-filter.tsx';
import { useEspecieOptions } from '../components/especie-options.ts';

type PelagemFormValues = { nome: string; especieId: string | null; ativo: boolean };

function PelagemFields({ form, row }: CrudFieldsProps<Pelagem, PelagemFormValues>) {
  const especies = useEspecieOptions(row?.especieId);
  return (
    <FormSection title="Pelagem">
      <Grid gap="sm" maw={720}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus placeholder="Tricolor" {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField label="Espécie" required data={especies} searchable {...form.getInputProps('especieId')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Ativa" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

function PelagemFilters({ search }: { search: CrudSearch }) {
  return <EspecieFilter especieId={typeof search.especieId === 'string' ? search.especieId : undefined} />;
}

export const pelagensResource: CrudResource<Pelagem, PelagemFormValues, PelagemInputParsed> = {
  api: pelagensApi,
  title: 'Pelagens',
  description: 'Tipos e cores de pelagem de cada espécie.',
  newTitle: 'Nova pelagem',
  editTitle: 'Editar pelagem',
  subject: 'a pelagem',
  deleteDetail: 'Pelagens com pets não podem ser excluídas: desative-as.',
  name: (p) => p.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (p) => (
        <Text size="sm" fw={500}>
          {p.nome}
        </Text>
      ),
    },
    { key: 'especie', header: 'Espécie', render: (p) => p.especieNome },
    { key: 'ativo', header: 'Situação', render: (p) => <AtivoBadge ativo={p.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome',
  Filters: PelagemFilters,
  schema: pelagemInputSchema,
  valuesOf: (p) => ({ nome: p?.nome ?? '', especieId: p?.especieId ?? null, ativo: p?.ativo ?? true }),
  Fields: PelagemFields,
  links: {
    list: linkOptions({ to: '/configuracoes/pet/pelagens' }),
    form: (id) => linkOptions({ to: '/configuracoes/pet/pelagens/form/{-$pelagemId}', params: { pelagemId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'pet' } }),
    parentLabel: 'Configurações',
  },
};
