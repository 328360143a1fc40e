/**
 * A product picked by name, code or barcode among the products that control stock
 * (GET /estoques?query=), for the ledger's product filter and the bag opening. The chosen
 * product keeps its name while the search text changes (its name comes from the catalogue when
 * the id arrives through the URL).
 */
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PosicaoEstoque } from '@petshop/shared/estoque';
import { formatQuantidade } from '@petshop/shared/format';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { buscaEstoqueQueryOptions } from '../api/get-posicao-estoque.ts';
import { useProduto } from '../api/get-produto.ts';

const DEBOUNCE_MS = 250;

type ProdutoEstoqueSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (produtoId: string | null, posicao: PosicaoEstoque | null) => void;
  /** Shows the balance beside each name. */
  mostrarSaldo?: boolean;
};

export function ProdutoEstoqueSelect({ value, onChange, mostrarSaldo = false, ...props }: ProdutoEstoqueSelectProps) {
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca.trim(), DEBOUNCE_MS);
  const resultados = useQuery({ ...buscaEstoqueQueryOptions(termo), enabled: termo.length >= 1 });
  const escolhido = useRef<PosicaoEstoque | null>(null);
  const produto = useProduto(value && escolhido.current?.produtoId !== value ? value : null);

  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value) {
      const nome = escolhido.current?.produtoId === value ? escolhido.current.nome : produto.data?.nome;
      if (nome) map.set(value, nome);
    }
    for (const p of resultados.data ?? []) {
      map.set(
        p.produtoId,
        mostrarSaldo
          ? `${p.nome} — ${formatQuantidade(p.quantidade, { sigla: p.unidadeSigla, permiteVendaFracionada: p.permiteVendaFracionada })}`
          : p.nome,
      );
    }
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [value, produto.data, resultados.data, mostrarSaldo]);

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
        const posicao = (resultados.data ?? []).find((p) => p.produtoId === id) ?? null;
        escolhido.current = posicao;
        onChange(id, posicao);
      }}
    />
  );
}
