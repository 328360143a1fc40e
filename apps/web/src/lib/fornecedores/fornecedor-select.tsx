/**
 * The one supplier picker (purchases, recurrences, payables and their list filters): type a
 * name or CPF/CNPJ and pick one; the server searches (GET /inventario/fornecedores?query, only
 * once the dropdown has opened, so a list's filter costs no request on arrival). The chosen one
 * keeps its name from `atual` (the record's supplier) or, when only the id is known (the URL),
 * from its own record (GET /inventario/fornecedores/{id}). Inactive suppliers are offered only
 * when already chosen.
 */
import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Fornecedor } from '@petshop/shared/fornecedor';
import { formatCpfCnpj } from '@petshop/shared/format';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createCrudApi } from '../crud/crud-api.ts';
import { queryKeys } from '../query-keys.ts';
import { SelectField, type SelectFieldProps } from '../ui/select-field.tsx';

const DEBOUNCE_MS = 250;

/** GET /inventario/fornecedores?query (names or CPF/CNPJ) and /{id}, under the suppliers' cache keys. */
export const fornecedoresApi = createCrudApi<Fornecedor, never>({
  path: '/inventario/fornecedores',
  keys: queryKeys.fornecedores,
});

/** 'Nome fantasia — 12.345.678/0001-90' (the legal name when there is no trade name). */
export const nomeFornecedor = (f: Pick<Fornecedor, 'razaoSocial' | 'nomeFantasia' | 'cpfCnpj'>): string =>
  [f.nomeFantasia || f.razaoSocial, f.cpfCnpj ? formatCpfCnpj(f.cpfCnpj) : null].filter(Boolean).join(' — ');

/** The record's supplier: a reference ({ id, nome }) or the supplier's own fields. */
export type FornecedorAtual = { id: string; nome: string } | Pick<Fornecedor, 'id' | 'razaoSocial' | 'nomeFantasia' | 'cpfCnpj'>;

export type FornecedorSelectProps = Omit<
  SelectFieldProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'label'
> & {
  value: string | null;
  onChange: (fornecedorId: string | null) => void;
  /** Label of the field (kept for screen readers with `hideLabel`); default 'Fornecedor'. */
  label?: string;
  /** The record's supplier, to name it before any search. */
  atual?: FornecedorAtual | null;
};

export function FornecedorSelect({
  value,
  onChange,
  atual,
  label = 'Fornecedor',
  placeholder = 'Nome ou CNPJ do fornecedor',
  onDropdownOpen,
  ...props
}: FornecedorSelectProps) {
  const [busca, setBusca] = useState('');
  const [aberto, setAberto] = useState(false);
  const conhecido = atual && atual.id === value ? atual : null;
  const registro = useQuery({ ...fornecedoresApi.detailQueryOptions(value ?? ''), enabled: Boolean(value) && !conhecido });
  const fonte = conhecido ?? registro.data;
  const nomeSelecionado = fonte ? ('nome' in fonte ? fonte.nome : nomeFornecedor(fonte)) : undefined;
  // Mantine writes the chosen option's label into the search box: that is no new search.
  const [termo] = useDebouncedValue(busca.trim() === nomeSelecionado ? '' : busca.trim(), DEBOUNCE_MS);
  const resultados = fornecedoresApi.useOptions({ query: termo || undefined }, aberto);

  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value && nomeSelecionado) map.set(value, nomeSelecionado);
    for (const f of resultados.data?.items ?? []) if (f.ativo || f.id === value) map.set(f.id, nomeFornecedor(f));
    return [...map].map(([v, l]) => ({ value: v, label: l }));
  }, [value, nomeSelecionado, resultados.data]);

  return (
    <SelectField
      label={label}
      searchable
      clearable
      placeholder={placeholder}
      nothingFoundMessage={resultados.isFetching ? 'Buscando…' : 'Nenhum fornecedor encontrado'}
      rightSection={resultados.isFetching && busca ? <Loader size="xs" /> : undefined}
      {...props}
      data={data}
      value={value}
      searchValue={busca}
      onSearchChange={setBusca}
      onDropdownOpen={() => {
        setAberto(true);
        onDropdownOpen?.();
      }}
      filter={({ options }) => options}
      onChange={onChange}
    />
  );
}
