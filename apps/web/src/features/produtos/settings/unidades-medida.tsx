/** Units of measure (DOMAIN.md §4, spec §3): /configuracoes/produtos/unidades-medida. */
import { Badge, Grid, Switch, Text, TextInput } from '@mantine/core';
import { unidadeMedidaInputSchema, type UnidadeMedida, type UnidadeMedidaInputParsed } from '@petshop/shared/unidade-medida';
import { linkOptions } from '@tanstack/react-router';
import type { CrudFieldsProps, CrudResource } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { unidadesMedidaApi } from '../api/unidades-medida.ts';

type UnidadeMedidaFormValues = { sigla: string; descricao: string; permiteVendaFracionada: boolean; ativo: boolean };

function UnidadeMedidaFields({ form }: CrudFieldsProps<UnidadeMedida, UnidadeMedidaFormValues>) {
  const sigla = form.getInputProps('sigla');
  return (
    <FormSection title="Unidade de medida">
      <Grid gap="sm" maw={720}>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Sigla"
            required
            autoFocus
            maxLength={6}
            placeholder="KG"
            {...sigla}
            onChange={(event) => form.setFieldValue('sigla', event.currentTarget.value.toUpperCase())}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Descrição" required placeholder="Quilograma" {...form.getInputProps('descricao')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label="Permite venda fracionada"
            description="Quantidades com até 3 casas decimais (0,350 KG). Sem ela, só quantidades inteiras (2 UN)."
            {...form.getInputProps('permiteVendaFracionada', { type: 'checkbox' })}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Ativa" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

export const unidadesMedidaResource: CrudResource<UnidadeMedida, UnidadeMedidaFormValues, UnidadeMedidaInputParsed> = {
  api: unidadesMedidaApi,
  title: 'Unidades de medida',
  description: 'Como cada produto é vendido: por unidade, quilo, litro, saco...',
  newTitle: 'Nova unidade de medida',
  editTitle: 'Editar unidade de medida',
  subject: 'a unidade de medida',
  deleteDetail: 'Unidades usadas por produtos não podem ser excluídas: desative-as.',
  name: (u) => `${u.sigla} - ${u.descricao}`,
  columns: [
    {
      key: 'sigla',
      header: 'Sigla',
      width: 100,
      render: (u) => (
        <Text size="sm" fw={600}>
          {u.sigla}
        </Text>
      ),
    },
    { key: 'descricao', header: 'Descrição', render: (u) => u.descricao },
    {
      key: 'fracionada',
      header: 'Venda fracionada',
      render: (u) =>
        u.permiteVendaFracionada ? (
          <Badge variant="light" color="blue">
            Sim
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Não
          </Text>
        ),
      visibleFrom: 'sm',
    },
    { key: 'ativo', header: 'Situação', render: (u) => <AtivoBadge ativo={u.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por sigla ou descrição',
  schema: unidadeMedidaInputSchema,
  valuesOf: (u) => ({
    sigla: u?.sigla ?? '',
    descricao: u?.descricao ?? '',
    permiteVendaFracionada: u?.permiteVendaFracionada ?? false,
    ativo: u?.ativo ?? true,
  }),
  Fields: UnidadeMedidaFields,
  links: {
    list: linkOptions({ to: '/configuracoes/produtos/unidades-medida' }),
    form: (id) =>
      linkOptions({ to: '/configuracoes/produtos/unidades-medida/form/{-$unidadeMedidaId}', params: { unidadeMedidaId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'produtos' } }),
    parentLabel: 'Configurações',
  },
};
