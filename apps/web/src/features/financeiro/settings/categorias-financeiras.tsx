/**
 * Financial categories, a tree of income and expense lines for the income statement (DOMAIN.md
 * §7): /configuracoes/financeiro/categorias-financeiras. Rows come in tree order with the
 * path above each name; a child has its parent's kind.
 */
import { Badge, Grid, Group, Switch, Text, TextInput } from '@mantine/core';
import {
  CAMINHO_SEPARADOR,
  categoriaFinanceiraInputSchema,
  TIPO_CATEGORIA_FINANCEIRA_LABEL,
  TIPOS_CATEGORIA_FINANCEIRA,
  type CategoriaFinanceira,
  type CategoriaFinanceiraInputParsed,
  type TipoCategoriaFinanceira,
} from '@petshop/shared/categoria-financeira';
import { linkOptions } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { categoriasFinanceirasApi } from '../api/categorias-financeiras.ts';
import { TipoFilter } from '../components/tipo-filter.tsx';

type CategoriaFinanceiraFormValues = {
  nome: string;
  tipo: TipoCategoriaFinanceira | null;
  categoriaPaiId: string | null;
  ativo: boolean;
};

export const TIPO_CATEGORIA_OPTIONS = TIPOS_CATEGORIA_FINANCEIRA.map((value) => ({
  value,
  label: TIPO_CATEGORIA_FINANCEIRA_LABEL[value],
}));

/** Whether `c` is `raiz` or below it (by path: a category's path starts with its parent's). */
const naSubarvore = (c: CategoriaFinanceira, raiz: CategoriaFinanceira): boolean =>
  c.id === raiz.id || c.caminho.startsWith(`${raiz.caminho}${CAMINHO_SEPARADOR}`);

function TipoBadge({ tipo }: { tipo: TipoCategoriaFinanceira }) {
  return (
    <Badge variant="light" color={tipo === 'receita' ? 'teal' : 'orange'}>
      {TIPO_CATEGORIA_FINANCEIRA_LABEL[tipo]}
    </Badge>
  );
}

/** The path with the ancestors dimmed and the name in bold. */
function Caminho({ categoria }: { categoria: CategoriaFinanceira }) {
  const acima = categoria.caminho.slice(0, categoria.caminho.length - categoria.nome.length);
  return (
    <Group gap={0} wrap="nowrap">
      {acima ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre' }}>
          {acima}
        </Text>
      ) : null}
      <Text size="sm" fw={500}>
        {categoria.nome}
      </Text>
    </Group>
  );
}

function CategoriaFinanceiraFields({ form, row }: CrudFieldsProps<CategoriaFinanceira, CategoriaFinanceiraFormValues>) {
  const categorias = categoriasFinanceirasApi.useOptions();
  const { tipo } = form.getValues();
  const options = useMemo(
    () =>
      (categorias.data?.items ?? [])
        // Same kind; never the category itself or one below it (the API refuses them too).
        .filter((c) => c.tipo === tipo && (!row || !naSubarvore(c, row)) && (c.ativo || c.id === row?.categoriaPaiId))
        .map((c) => ({ value: c.id, label: c.caminho })),
    [categorias.data, row, tipo],
  );
  return (
    <FormSection title="Categoria">
      <Grid gap="sm" maw={760}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Tipo"
            required
            data={TIPO_CATEGORIA_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('tipo')}
            onChange={(value) => {
              form.setFieldValue('tipo', value as TipoCategoriaFinanceira | null);
              // A parent of the other kind no longer fits.
              if (value !== tipo) form.setFieldValue('categoriaPaiId', null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Categoria pai"
            description={tipo ? 'Deixe em branco para uma categoria principal.' : 'Escolha o tipo primeiro.'}
            placeholder="Nenhuma (categoria principal)"
            data={options}
            disabled={!tipo}
            searchable
            clearable
            nothingFoundMessage="Nenhuma categoria encontrada"
            {...form.getInputProps('categoriaPaiId')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label="Ativa"
            description="Categorias inativas não aparecem para novos lançamentos."
            {...form.getInputProps('ativo', { type: 'checkbox' })}
          />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

function CategoriaFinanceiraFilters({ search }: { search: CrudSearch }) {
  return (
    <TipoFilter
      tipo={typeof search.tipo === 'string' ? search.tipo : undefined}
      options={TIPO_CATEGORIA_OPTIONS}
      placeholder="Receitas e despesas"
    />
  );
}

export const categoriasFinanceirasResource: CrudResource<
  CategoriaFinanceira,
  CategoriaFinanceiraFormValues,
  CategoriaFinanceiraInputParsed
> = {
  api: categoriasFinanceirasApi,
  title: 'Categorias financeiras',
  description: 'Receitas e despesas organizadas em árvore, as linhas do DRE.',
  newTitle: 'Nova categoria financeira',
  editTitle: 'Editar categoria financeira',
  subject: 'a categoria',
  deleteDetail: 'Categorias com lançamentos ou subcategorias não podem ser excluídas: desative-as.',
  name: (c) => c.nome,
  columns: [
    { key: 'caminho', header: 'Categoria', render: (c) => <Caminho categoria={c} /> },
    { key: 'tipo', header: 'Tipo', render: (c) => <TipoBadge tipo={c.tipo} />, width: 120 },
    { key: 'ativo', header: 'Situação', render: (c) => <AtivoBadge ativo={c.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome',
  Filters: CategoriaFinanceiraFilters,
  schema: categoriaFinanceiraInputSchema,
  valuesOf: (c) => ({
    nome: c?.nome ?? '',
    tipo: c?.tipo ?? null,
    categoriaPaiId: c?.categoriaPaiId ?? null,
    ativo: c?.ativo ?? true,
  }),
  Fields: CategoriaFinanceiraFields,
  links: {
    list: linkOptions({ to: '/configuracoes/financeiro/categorias-financeiras' }),
    form: (id) =>
      linkOptions({
        to: '/configuracoes/financeiro/categorias-financeiras/form/{-$categoriaFinanceiraId}',
        params: { categoriaFinanceiraId: id },
      }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'financeiro' } }),
    parentLabel: 'Configurações',
  },
};
