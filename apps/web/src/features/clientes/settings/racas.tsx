/** Breeds, with their species and default size (DOMAIN.md §3): /configuracoes/pet/racas. */
import { Grid, Switch, Text, TextInput } from '@mantine/core';
import { PORTES, racaInputSchema, type Porte, type Raca } from '@petshop/shared/especie';
import { linkOptions } from '@tanstack/react-router';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { racasApi, type RacaInputParsed } from '../api/racas.ts';
import { EspecieFilter } from '../components/especie-filter.tsx';
import { useEspecieOptions } from '../components/especie-options.ts';

type RacaFormValues = { nome: string; especieId: string | null; porte: Porte | null; sinonimos: string; ativo: boolean };

export const PORTE_OPTIONS = Object.entries(PORTES).map(([value, label]) => ({ value, label }));

function RacaFields({ form, row }: CrudFieldsProps<Raca, RacaFormValues>) {
  const especies = useEspecieOptions(row?.especieId);
  return (
    <FormSection title="Raça">
      <Grid gap="sm" maw={720}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField label="Espécie" required data={especies} searchable {...form.getInputProps('especieId')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Porte padrão"
            description="Novos pets desta raça começam com este porte."
            placeholder="Sem porte padrão"
            data={PORTE_OPTIONS}
            clearable
            {...form.getInputProps('porte')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Sinônimos"
            description="Outros nomes pelos quais a raça é buscada, separados por vírgula (ex.: vira-lata)."
            maxLength={200}
            {...form.getInputProps('sinonimos')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Ativa" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

function RacaFilters({ search }: { search: CrudSearch }) {
  return <EspecieFilter especieId={typeof search.especieId === 'string' ? search.especieId : undefined} />;
}

export const racasResource: CrudResource<Raca, RacaFormValues, RacaInputParsed> = {
  api: racasApi,
  title: 'Raças',
  description: 'Raças de cada espécie, com o porte que um novo pet recebe.',
  newTitle: 'Nova raça',
  editTitle: 'Editar raça',
  subject: 'a raça',
  deleteDetail: 'Raças com pets não podem ser excluídas: desative-as.',
  name: (r) => r.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.nome}
        </Text>
      ),
    },
    { key: 'especie', header: 'Espécie', render: (r) => r.especieNome },
    {
      key: 'porte',
      header: 'Porte padrão',
      render: (r) =>
        r.porte ? (
          PORTES[r.porte]
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
      visibleFrom: 'sm',
    },
    { key: 'ativo', header: 'Situação', render: (r) => <AtivoBadge ativo={r.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome ou sinônimo',
  Filters: RacaFilters,
  schema: racaInputSchema,
  valuesOf: (r) => ({
    nome: r?.nome ?? '',
    especieId: r?.especieId ?? null,
    porte: r?.porte ?? null,
    sinonimos: r?.sinonimos ?? '',
    ativo: r?.ativo ?? true,
  }),
  Fields: RacaFields,
  links: {
    list: linkOptions({ to: '/configuracoes/pet/racas' }),
    form: (id) => linkOptions({ to: '/configuracoes/pet/racas/form/{-$racaId}', params: { racaId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'pet' } }),
    parentLabel: 'Configurações',
  },
};
