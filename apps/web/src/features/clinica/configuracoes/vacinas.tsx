/**
 * Vaccines (issue #19 item 1; spec §2 /configuracoes/clinica/vacina): name, manufacturer, the
 * species they are for (none: any), the product that holds their stock and price, notes, active.
 * The list and the form are lib/crud's; a new vaccine opens its edit form after saving so its
 * protocols (ProtocolosVacina, below the form) can be added at once.
 */
import { Badge, Grid, Group, MultiSelect, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { vacinaInputSchema, type Vacina, type VacinaInputParsed } from '@petshop/shared/clinica';
import { formatMoney } from '@petshop/shared/format';
import { linkOptions } from '@tanstack/react-router';
import { useMemo } from 'react';
import { vacinasApi } from '../api/cadastros-clinica.ts';
import { useEspeciesOpcoes } from '../api/list-especies-opcoes.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { ProdutoVacinaSelect } from './produto-vacina-select.tsx';
import { ProtocolosVacina } from './protocolos-vacina.tsx';

export type VacinaFormValues = {
  nome: string;
  fabricante: string;
  especieIds: string[];
  produtoId: string | null;
  observacoes: string;
  ativo: boolean;
};

export const vacinaValuesOf = (row?: Vacina): VacinaFormValues => ({
  nome: row?.nome ?? '',
  fabricante: row?.fabricante ?? '',
  especieIds: row?.especieIds ?? [],
  produtoId: row?.produtoId ?? null,
  observacoes: row?.observacoes ?? '',
  ativo: row?.ativo ?? true,
});

/** 'Todas as espécies' or one species (GET ?especieId: the vaccines for it or for any species). */
function EspecieFilter({ search }: { search: CrudSearch }) {
  const updateSearch = useSearchUpdater();
  const especies = useEspeciesOpcoes();
  const especieId = typeof search.especieId === 'string' ? search.especieId : null;
  return (
    <SelectField
      label="Espécie"
      hideLabel
      placeholder="Todas as espécies"
      data={(especies.data ?? []).map((e) => ({ value: e.id, label: e.nome }))}
      clearable
      value={especieId}
      w={200}
      onChange={(value) => void updateSearch({ especieId: value ?? undefined, page: 1 })}
    />
  );
}

export const vacinasResource: CrudResource<Vacina, VacinaFormValues, VacinaInputParsed> = {
  api: vacinasApi,
  title: 'Vacinas',
  description: 'Vacinas aplicadas na clínica, o produto que dá o estoque e o preço da dose, e os protocolos de cada uma.',
  newTitle: 'Nova vacina',
  editTitle: 'Editar vacina',
  subject: 'a vacina',
  deleteDetail: 'Vacinas com protocolos ou doses planejadas ou aplicadas não podem ser excluídas: desative-as.',
  name: (r) => r.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.nome}
          </Text>
          {r.fabricante ? (
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              {r.fabricante}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'fabricante',
      header: 'Fabricante',
      render: (r) =>
        r.fabricante ?? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
      visibleFrom: 'sm',
    },
    {
      key: 'especies',
      header: 'Espécies',
      render: (r) =>
        r.especieNomes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Todas
          </Text>
        ) : (
          <Group gap={4}>
            {r.especieNomes.map((nome) => (
              <Badge key={nome} variant="light" color="grape">
                {nome}
              </Badge>
            ))}
          </Group>
        ),
      visibleFrom: 'md',
    },
    {
      key: 'produto',
      header: 'Produto',
      render: (r) =>
        r.produtoNome ? (
          <Stack gap={0}>
            <Text size="sm">{r.produtoNome}</Text>
            <Text size="xs" c="dimmed">
              {r.precoVenda === null ? 'Sem preço' : formatMoney(r.precoVenda)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Sem produto
          </Text>
        ),
      visibleFrom: 'sm',
    },
    { key: 'ativo', header: 'Situação', render: (r) => <AtivoBadge ativo={r.ativo} />, width: 110, visibleFrom: 'xs' },
  ],
  searchPlaceholder: 'Buscar por nome',
  Filters: EspecieFilter,
  schema: vacinaInputSchema,
  valuesOf: vacinaValuesOf,
  Fields: VacinaFields,
  links: {
    list: linkOptions({ to: '/configuracoes/clinica/vacina' }),
    form: (id) => linkOptions({ to: '/configuracoes/clinica/vacina/form/{-$vacinaId}', params: { vacinaId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'clinica' } }),
    parentLabel: 'Configurações',
  },
};

function VacinaFields({ form, row }: CrudFieldsProps<Vacina, VacinaFormValues>) {
  const especies = useEspeciesOpcoes();
  const especieOptions = useMemo(
    () =>
      (especies.data ?? [])
        // Inactive species stay only where already chosen.
        .filter((e) => e.ativo || form.values.especieIds.includes(e.id))
        .map((e) => ({ value: e.id, label: e.nome })),
    [especies.data, form.values.especieIds],
  );
  return (
    <FormSection title="Vacina">
      <Grid gap="sm" maw={760}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus maxLength={120} placeholder="Ex.: V10" {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Fabricante" maxLength={120} placeholder="Ex.: Zoetis" {...form.getInputProps('fabricante')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <MultiSelect
            label="Espécies"
            description="Para quais espécies é indicada. Nenhuma: qualquer espécie."
            placeholder={form.values.especieIds.length === 0 ? 'Todas as espécies' : undefined}
            data={especieOptions}
            searchable
            clearable
            nothingFoundMessage={especies.isPending ? 'Carregando...' : 'Nenhuma espécie encontrada'}
            {...form.getInputProps('especieIds')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ProdutoVacinaSelect
            value={form.values.produtoId}
            onChange={(id) => form.setFieldValue('produtoId', id)}
            error={form.errors.produtoId}
          />
          {row?.produtoNome && row.produtoId === form.values.produtoId ? (
            <Text size="xs" c="dimmed" mt={4}>
              Preço nesta unidade: {row.precoVenda === null ? 'sem preço' : formatMoney(row.precoVenda)}
              {row.controlaLote ? ' · controla lote' : ''}
            </Text>
          ) : null}
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Observações"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('observacoes')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

/**
 * New vaccine or the vaccine of `id` (lib/crud's form): a new one opens its own edit form after
 * saving (its protocols need it saved); an edit goes back to the list. The protocols are below
 * the form, outside the vaccine's <form> (a protocol saves on its own: its modal's submit must
 * not submit the vaccine).
 */
export function VacinaFormPage({ id }: { id?: string | undefined }) {
  return (
    <CrudFormPage
      resource={vacinasResource}
      id={id}
      newDescription="Depois de salvar, cadastre os protocolos de doses da vacina."
      afterCreate="edit"
      below={(row) => <ProtocolosVacina vacina={row} />}
    />
  );
}
