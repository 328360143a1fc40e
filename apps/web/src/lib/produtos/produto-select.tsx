/**
 * A catalogue product picked by name, code or barcode (the till's fast search), for linking an
 * imported line. Results come from the server; the chosen one keeps its name.
 */
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProdutoPdv } from '@petshop/shared/produto';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { buscaProdutosQueryOptions } from '../api/buscar-produtos.ts';

type ProdutoSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (produto: ProdutoPdv | null) => void;
};

export function ProdutoSelect({ value, onChange, ...props }: ProdutoSelectProps) {
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca.trim(), 250);
  const resultados = useQuery({ ...buscaProdutosQueryOptions(termo), enabled: termo.length >= 1 });
  const escolhido = useRef<ProdutoPdv | null>(null);
  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value && escolhido.current?.id === value) map.set(value, escolhido.current.nome);
    for (const p of resultados.data ?? []) {
      const codigos = [p.codigo, p.codigoBarras].filter(Boolean).join(' · ');
      map.set(p.id, codigos ? `${p.nome} (${codigos})` : p.nome);
    }
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [value, resultados.data]);

  return (
    <Select
      searchable
      clearable
      placeholder="Nome, código ou código de barras"
      nothingFoundMessage={termo ? (resultados.isFetching ? 'Buscando...' : 'Nenhum produto encontrado') : 'Digite para buscar'}
      rightSection={resultados.isFetching ? <Loader size="xs" /> : undefined}
      {...props}
      data={data}
      value={value}
      searchValue={busca}
      onSearchChange={setBusca}
      filter={({ options }) => options}
      onChange={(id) => {
        const p = (resultados.data ?? []).find((x) => x.id === id) ?? null;
        escolhido.current = p;
        onChange(p);
      }}
    />
  );
}
