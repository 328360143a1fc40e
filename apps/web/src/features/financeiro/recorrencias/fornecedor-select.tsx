/**
 * A supplier picked by name or CPF/CNPJ (GET /inventario/fornecedores?query=), searched on the
 * server. The chosen one keeps its name (from `atual`, or its own record when only the id is known).
 */
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Fornecedor } from '@petshop/shared/fornecedor';
import { formatCpfCnpj } from '@petshop/shared/format';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { fornecedoresApi } from './opcoes.ts';

const DEBOUNCE_MS = 250;

const nomeFornecedor = (f: Pick<Fornecedor, 'razaoSocial' | 'nomeFantasia' | 'cpfCnpj'>): string =>
  [f.nomeFantasia || f.razaoSocial, f.cpfCnpj ? formatCpfCnpj(f.cpfCnpj) : null].filter(Boolean).join(' — ');

type FornecedorSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (fornecedorId: string | null) => void;
  /** The recurrence's supplier ({ id, nome }), to show its name before any search. */
  atual?: { id: string; nome: string } | null;
};

export function FornecedorSelect({ value, onChange, atual, ...props }: FornecedorSelectProps) {
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca.trim(), DEBOUNCE_MS);
  const resultados = fornecedoresApi.useOptions({ query: termo || undefined });
  const conhecido = atual && atual.id === value ? atual : null;
  const registro = useQuery({ ...fornecedoresApi.detailQueryOptions(value ?? ''), enabled: Boolean(value) && !conhecido });

  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value) {
      if (conhecido) map.set(value, conhecido.nome);
      else if (registro.data) map.set(value, nomeFornecedor(registro.data));
    }
    for (const f of resultados.data?.items ?? []) if (f.ativo || f.id === value) map.set(f.id, nomeFornecedor(f));
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [value, conhecido, registro.data, resultados.data]);

  return (
    <Select
      searchable
      clearable
      placeholder="Nome ou CNPJ do fornecedor"
      nothingFoundMessage={resultados.isFetching ? 'Buscando...' : 'Nenhum fornecedor encontrado'}
      rightSection={resultados.isFetching && busca ? <Loader size="xs" /> : undefined}
      {...props}
      data={data}
      value={value}
      searchValue={busca}
      onSearchChange={setBusca}
      filter={({ options }) => options}
      onChange={onChange}
    />
  );
}
