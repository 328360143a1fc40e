/**
 * Appointment types (DOMAIN.md §10; spec §2 /configuracoes/atendimento/tipos-atendimento):
 * area, default duration, colour on the calendar, the service product that prices it and the
 * resource it needs. The list is lib/crud's; the form is its own because it honours
 * `returnTo` (the booking screen sends the user here to create a missing type and back).
 */
import { Anchor, Badge, Button, ColorInput, ColorSwatch, Grid, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  AREAS_ATENDIMENTO,
  RECURSOS_ATENDIMENTO,
  tipoAtendimentoInputSchema,
  type AreaAtendimento,
  type RecursoAtendimento,
  type TipoAtendimento,
} from '@petshop/shared/agenda';
import { formatMoney } from '@petshop/shared/format';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { linkOptions, useNavigate } from '@tanstack/react-router';
import { DELETED_MESSAGE } from '#lib/crud/crud-list-page.tsx';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { tiposAtendimentoApi, type TipoAtendimentoInputParsed } from '#lib/agenda/cadastros-agenda.ts';
import { formatDuracao } from './duracao.ts';
import { ServicoSelect } from './servico-select.tsx';

export type TipoAtendimentoFormValues = {
  nome: string;
  area: AreaAtendimento | null;
  duracaoMinutos: number | string;
  cor: string;
  produtoId: string | null;
  recurso: RecursoAtendimento;
  ativo: boolean;
};

export const AREA_OPTIONS = Object.entries(AREAS_ATENDIMENTO).map(([value, label]) => ({ value, label }));
export const RECURSO_OPTIONS = [
  { value: 'Nenhum', label: 'Nenhum' },
  { value: 'Sala', label: 'Sala (clínica)' },
  { value: 'Box', label: 'Box (banho e tosa)' },
];

/** The colours offered on the calendar (Mantine's palette, shade 6). */
export const CORES_TIPO = [
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#868e96',
];

const AREA_COLOR: Record<AreaAtendimento, string> = { BanhoTosa: 'cyan', Clinica: 'grape' };

export const tipoValuesOf = (row?: TipoAtendimento): TipoAtendimentoFormValues => ({
  nome: row?.nome ?? '',
  area: row?.area ?? null,
  duracaoMinutos: row?.duracaoMinutos ?? 60,
  cor: row?.cor ?? '#228be6',
  produtoId: row?.produtoId ?? null,
  recurso: row?.recurso ?? 'Nenhum',
  ativo: row?.ativo ?? true,
});

function AreaFilter({ search }: { search: CrudSearch }) {
  const updateSearch = useSearchUpdater();
  const area = typeof search.area === 'string' ? search.area : null;
  return (
    <SelectField
      label="Área"
      hideLabel
      placeholder="Todas as áreas"
      data={AREA_OPTIONS}
      clearable
      value={area}
      w={180}
      onChange={(value) => void updateSearch({ area: value ?? undefined, page: 1 })}
    />
  );
}

export const tiposAtendimentoResource: CrudResource<TipoAtendimento, TipoAtendimentoFormValues, TipoAtendimentoInputParsed> = {
  api: tiposAtendimentoApi,
  title: 'Tipos de atendimento',
  description: 'Banhos, tosas, consultas e vacinas: duração, cor na agenda, serviço cobrado e recurso que ocupam.',
  newTitle: 'Novo tipo de atendimento',
  editTitle: 'Editar tipo de atendimento',
  subject: 'o tipo de atendimento',
  deleteDetail: 'Tipos com atendimentos ou pacotes não podem ser excluídos: desative-os.',
  name: (r) => r.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={r.cor} size={14} aria-hidden />
          <Text size="sm" fw={500}>
            {r.nome}
          </Text>
        </Group>
      ),
    },
    {
      key: 'area',
      header: 'Área',
      render: (r) => (
        <Badge variant="light" color={AREA_COLOR[r.area]}>
          {AREAS_ATENDIMENTO[r.area]}
        </Badge>
      ),
      visibleFrom: 'sm',
    },
    { key: 'duracao', header: 'Duração', render: (r) => formatDuracao(r.duracaoMinutos), width: 100 },
    {
      key: 'servico',
      header: 'Serviço',
      render: (r) =>
        r.produtoNome ? (
          <Stack gap={0}>
            <Text size="sm">{r.produtoNome}</Text>
            <Text size="xs" c="dimmed">
              {formatMoney(r.preco)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Sem cobrança
          </Text>
        ),
      visibleFrom: 'sm',
    },
    { key: 'recurso', header: 'Recurso', render: (r) => RECURSOS_ATENDIMENTO[r.recurso], visibleFrom: 'md', width: 100 },
    { key: 'ativo', header: 'Situação', render: (r) => <AtivoBadge ativo={r.ativo} />, width: 110, visibleFrom: 'xs' },
  ],
  searchPlaceholder: 'Buscar por nome',
  Filters: AreaFilter,
  schema: tipoAtendimentoInputSchema,
  valuesOf: tipoValuesOf,
  // The form is TipoAtendimentoForm below; the resource's Fields serve it.
  Fields: TipoAtendimentoFields,
  links: {
    list: linkOptions({ to: '/configuracoes/atendimento/tipos-atendimento' }),
    form: (id) =>
      linkOptions({
        to: '/configuracoes/atendimento/tipos-atendimento/form/{-$tipoAtendimentoId}',
        params: { tipoAtendimentoId: id },
      }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'atendimento' } }),
    parentLabel: 'Configurações',
  },
};

function TipoAtendimentoFields({ form }: CrudFieldsProps<TipoAtendimento, TipoAtendimentoFormValues>) {
  const duracao = Number(form.values.duracaoMinutos);
  return (
    <FormSection title="Tipo de atendimento">
      <Grid gap="sm" maw={720}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus maxLength={60} placeholder="Ex.: Banho" {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Área"
            required
            data={AREA_OPTIONS}
            placeholder="Banho e tosa ou clínica"
            {...form.getInputProps('area')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DecimalInput
            label="Duração (minutos)"
            description={
              Number.isInteger(duracao) && duracao > 0 ? `Padrão na agenda: ${formatDuracao(duracao)}` : 'De 5 a 720 minutos'
            }
            required
            min={5}
            max={720}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('duracaoMinutos')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ColorInput
            label="Cor na agenda"
            format="hex"
            swatches={CORES_TIPO}
            swatchesPerRow={6}
            withEyeDropper={false}
            {...form.getInputProps('cor')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ServicoSelect
            value={form.values.produtoId}
            onChange={(id) => form.setFieldValue('produtoId', id)}
            error={form.errors.produtoId}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Recurso"
            description="O que o atendimento ocupa na agenda além do profissional."
            data={RECURSO_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('recurso')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

type TipoAtendimentoFormProps = {
  row?: TipoAtendimento | undefined;
  /** Where to go after saving or cancelling (an app path such as '/atendimentos/form'); absent: the list. */
  returnTo?: string | undefined;
};

/**
 * New type or the type `row`: 'Salvar' posts or puts the shared schema's output; after it,
 * back to `returnTo` when given (a path inside the app), else to the list. 'Excluir' asks
 * first and shows the API's refusal (a type in use).
 */
export function TipoAtendimentoForm({ row, returnTo }: TipoAtendimentoFormProps) {
  const resource = tiposAtendimentoResource;
  const { api, links } = resource;
  const navigate = useNavigate();
  const create = api.useCreate();
  const update = api.useUpdate();
  const remove = api.useDelete();
  const destino = safeReturnTo(returnTo);
  const voltar = () => void (destino ? navigate({ href: destino }) : navigate(links.list));

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    TipoAtendimentoFormValues,
    TipoAtendimentoInputParsed,
    TipoAtendimento
  >({
    schema: resource.schema,
    initialValues: tipoValuesOf(row),
    submit: (dados, { idempotencyKey }) =>
      row ? update.mutateAsync({ id: row.id, dados, idempotencyKey }) : create.mutateAsync({ dados, idempotencyKey }),
    onSuccess: voltar,
  });

  const excluir = async (current: TipoAtendimento) => {
    const confirmed = await confirmDelete({ subject: resource.subject, name: current.nome, detail: resource.deleteDetail });
    if (!confirmed) return;
    remove.mutate(current.id, {
      onSuccess: () => {
        notifySuccess(DELETED_MESSAGE);
        void navigate(links.list);
      },
      onError: notifyActionError,
    });
  };

  return (
    <ResourceFormLayout
      title={row ? resource.editTitle : resource.newTitle}
      description={row ? row.nome : undefined}
      back={destino ? <VoltarPara href={destino} /> : <BackLink {...links.list}>{resource.title}</BackLink>}
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
      <TipoAtendimentoFields form={form} />
    </ResourceFormLayout>
  );
}

/** The link back to the screen that sent the user here (search param `returnTo`). */
function VoltarPara({ href }: { href: string }) {
  const navigate = useNavigate();
  return (
    <Anchor
      href={href}
      size="sm"
      c="dimmed"
      onClick={(event) => {
        event.preventDefault();
        void navigate({ href });
      }}
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        Voltar
      </Group>
    </Anchor>
  );
}

/** `returnTo` kept only when it is a path of this site (no open redirect after saving). */
export const safeReturnTo = (returnTo: string | undefined): string | undefined =>
  returnTo && safeRedirectPath(returnTo) === returnTo ? returnTo : undefined;
