/**
 * The product category filter of the sales and ABC reports (issue #20): every category of the
 * catalogue, sub-categories written 'Pai › Filha', in pt-BR order, searchable and clearable
 * ("Todas as categorias"). The report counts the chosen category with its sub-categories.
 */
import { useMemo } from 'react';
import { SelectField } from '#lib/ui/select-field.tsx';
import { categoriasProdutoApi } from '../api/categorias-produto.ts';

export function FiltroCategoria({
  categoriaId,
  onChange,
}: {
  categoriaId: string | undefined;
  /** The new category's id; undefined when cleared. */
  onChange: (categoriaId: string | undefined) => void;
}) {
  const categorias = categoriasProdutoApi.useOptions();
  const opcoes = useMemo(
    () =>
      (categorias.data?.items ?? [])
        .map((c) => ({ value: c.id, label: c.categoriaPaiNome ? `${c.categoriaPaiNome} › ${c.nome}` : c.nome }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [categorias.data],
  );
  return (
    <SelectField
      label="Categoria"
      hideLabel
      placeholder="Todas as categorias"
      size="xs"
      data={opcoes}
      value={categoriaId ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable
      searchable
      nothingFoundMessage="Nenhuma categoria"
      w={220}
    />
  );
}
