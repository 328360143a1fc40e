/**
 * Vaccines (issue #19 item 1; spec §2 /configuracoes/clinica/vacina): name, manufacturer, the
 * species they are for (none: any), the product that holds their stock and price, notes, active.
 * The list is lib/crud's; the form is its own: a new vaccine opens its edit form after saving so
 * its protocols (ProtocolosVacina, below the form) can be added at once.
 */
import { Badge, Button, Grid, Group, MultiSelect, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { vacinaInputSchema, type Vacina, type VacinaInputParsed } from '@petshop/shared/clinica';
import { formatMoney } from '@petshop/shared/format';
import { IconTrash } from '@tabler/icons-react';
import { linkOptions, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { vacinasApi } from '../api/cadastros-clinica.ts';
import { useExcluirVacina } from '../api/excluir-vacina.ts';
import { useEspeciesOpcoes } from '../api/list-especies-opcoes.ts';
import { useSalvarVacina } from '../api/salvar-vacina.ts';
import { DELETED_MESSAGE } from '#lib/crud/crud-list-page.tsx';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifySuccess } from '#lib/notify.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
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
 * New vaccine or the vaccine `row`: 'Salvar' posts or puts the shared schema's output. A new one
 * opens its own edit form afterwards (its protocols need it saved); an edit goes back to the
 * list. 'Excluir' asks first and shows the API's refusal (a vaccine in use).
 */
export function VacinaForm({ row }: { row?: Vacina | undefined }) {
  const resource = vacinasResource;
  const { links } = resource;
  const navigate = useNavigate();
  const salvar = useSalvarVacina();
  const remove = useExcluirVacina();
  const voltar = () => void navigate(links.list);

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<VacinaFormValues, VacinaInputParsed, Vacina>({
    schema: resource.schema,
    initialValues: vacinaValuesOf(row),
    submit: (dados, { idempotencyKey }) => salvar.mutateAsync({ id: row?.id, dados, idempotencyKey }),
    onSuccess: (saved) => {
      if (row) voltar();
      else void navigate({ ...links.form(saved.id), replace: true });
    },
  });

  const excluir = async (current: Vacina) => {
    const confirmed = await confirmDelete({ subject: resource.subject, name: current.nome, detail: resource.deleteDetail });
    if (!confirmed) return;
    remove.mutate(current.id, {
      onSuccess: () => {
        notifySuccess(DELETED_MESSAGE);
        voltar();
      },
      onError: notifyActionError,
    });
  };

  return (
    <Stack gap="md">
      <ResourceFormLayout
        title={row ? resource.editTitle : resource.newTitle}
        description={row ? row.nome : 'Depois de salvar, cadastre os protocolos de doses da vacina.'}
        back={<BackLink {...links.list}>{resource.title}</BackLink>}
        onSubmit={handleSubmit}
        onCancel={voltar}
        generalErrors={generalErrors}
        submitting={submitting}
        extraActions={
          row ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => void excluir(row)}
            >
              Excluir
            </Button>
          ) : null
        }
      >
        <VacinaFields form={form} row={row} />
      </ResourceFormLayout>
      {/* Outside the vaccine's <form>: a protocol saves on its own (its modal's submit must not submit the vaccine). */}
      {row ? <ProtocolosVacina vacina={row} /> : null}
    </Stack>
  );
}
