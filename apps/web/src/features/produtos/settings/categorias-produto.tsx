/** Product categories, a tree (DOMAIN.md §4): /configuracoes/produtos/categorias-produto. */
import { Grid, Switch, Text, TextInput } from '@mantine/core';
import {
  categoriaProdutoInputSchema,
  type CategoriaProduto,
  type CategoriaProdutoInputParsed,
} from '@petshop/shared/categoria-produto';
import { linkOptions } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { CrudFieldsProps, CrudResource } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { categoriasProdutoApi } from '../api/categorias-produto.ts';

type CategoriaProdutoFormValues = { nome: string; categoriaPaiId: string | null; ativo: boolean };

/** 'Rações › Cães' */
const caminho = (c: CategoriaProduto): string => (c.categoriaPaiNome ? `${c.categoriaPaiNome} › ${c.nome}` : c.nome);

function CategoriaProdutoFields({ form, row }: CrudFieldsProps<CategoriaProduto, CategoriaProdutoFormValues>) {
  const categorias = categoriasProdutoApi.useOptions();
  const options = useMemo(
    () =>
      (categorias.data?.items ?? [])
        // A category is never its own parent (the API also refuses descendants).
        .filter((c) => c.id !== row?.id && (c.ativo || c.id === row?.categoriaPaiId))
        .map((c) => ({ value: c.id, label: caminho(c) })),
    [categorias.data, row],
  );
  return (
    <FormSection title="Categoria">
      <Grid gap="sm" maw={720}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Categoria pai"
            description="Deixe em branco para uma categoria principal."
            placeholder="Nenhuma (categoria principal)"
            data={options}
            searchable
            clearable
            nothingFoundMessage="Nenhuma categoria encontrada"
            {...form.getInputProps('categoriaPaiId')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Ativa" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

export const categoriasProdutoResource: CrudResource<CategoriaProduto, CategoriaProdutoFormValues, CategoriaProdutoInputParsed> =
  {
    api: categoriasProdutoApi,
    title: 'Categorias de produto',
    description: 'A organização do catálogo, com subcategorias.',
    newTitle: 'Nova categoria de produto',
    editTitle: 'Editar categoria de produto',
    subject: 'a categoria',
    deleteDetail: 'Categorias com produtos ou subcategorias não podem ser excluídas: desative-as.',
    name: (c) => c.nome,
    columns: [
      {
        key: 'nome',
        header: 'Nome',
        render: (c) => (
          <Text size="sm" fw={500}>
            {c.nome}
          </Text>
        ),
      },
      {
        key: 'pai',
        header: 'Categoria pai',
        render: (c) =>
          c.categoriaPaiNome ?? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
        visibleFrom: 'sm',
      },
      { key: 'ativo', header: 'Situação', render: (c) => <AtivoBadge ativo={c.ativo} />, width: 110 },
    ],
    searchPlaceholder: 'Buscar por nome',
    schema: categoriaProdutoInputSchema,
    valuesOf: (c) => ({ nome: c?.nome ?? '', categoriaPaiId: c?.categoriaPaiId ?? null, ativo: c?.ativo ?? true }),
    Fields: CategoriaProdutoFields,
    links: {
      list: linkOptions({ to: '/configuracoes/produtos/categorias-produto' }),
      form: (id) =>
        linkOptions({
          to: '/configuracoes/produtos/categorias-produto/form/{-$categoriaProdutoId}',
          params: { categoriaProdutoId: id },
        }),
      parent: linkOptions({ to: '/configuracoes', search: { tab: 'produtos' } }),
      parentLabel: 'Configurações',
    },
  };
