/**
 * A product picked by name, code or barcode, searched on the server as the user types (the
 * purchase's line linking searches the catalogue, the stock screens the products that control
 * stock). The chosen product keeps its name while the search text changes; with `nomePeloId`
 * its name comes from the catalogue when only the id is known (an id arriving through the URL).
 */
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useProduto } from './get-produto.ts';

const DEBOUNCE_MS = 250;

export type ProdutoSelectProps<T, K extends QueryKey = QueryKey> = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'
> & {
  value: string | null;
  onChange: (produtoId: string | null, item: T | null) => void;
  /** The search by the typed text (debounced, trimmed, at least one character). */
  busca: (termo: string) => UseQueryOptions<T[], Error, T[], K>;
  /** The product's id in a search result. */
  idOf: (item: T) => string;
  /** The product's name (what the chosen one keeps showing). */
  nomeOf: (item: T) => string;
  /** The option's label of a search result (default: its name). */
  labelOf?: (item: T) => string;
  /** Reads the product by id for its name when the value was not picked here. */
  nomePeloId?: boolean;
};

export function ProdutoSelect<T, K extends QueryKey>({
  value,
  onChange,
  busca: buscaOptions,
  idOf,
  nomeOf,
  labelOf = nomeOf,
  nomePeloId = false,
  ...props
}: ProdutoSelectProps<T, K>) {
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca.trim(), DEBOUNCE_MS);
  const resultados = useQuery({ ...buscaOptions(termo), enabled: termo.length >= 1 });
  const escolhido = useRef<T | null>(null);
  const escolhidoId = escolhido.current ? idOf(escolhido.current) : undefined;
  const produto = useProduto(nomePeloId && value && escolhidoId !== value ? value : null);

  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value) {
      const nome = escolhido.current && escolhidoId === value ? nomeOf(escolhido.current) : produto.data?.nome;
      if (nome) map.set(value, nome);
    }
    for (const p of resultados.data ?? []) map.set(idOf(p), labelOf(p));
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [value, escolhidoId, produto.data, resultados.data, idOf, nomeOf, labelOf]);

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
      // The API searches (accents, codes): no second filter here.
      filter={({ options }) => options}
      onChange={(id) => {
        const item = (resultados.data ?? []).find((p) => idOf(p) === id) ?? null;
        escolhido.current = item;
        onChange(id, item);
      }}
    />
  );
}
