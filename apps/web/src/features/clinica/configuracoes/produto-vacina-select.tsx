/**
 * The product that holds a vaccine's stock and price: a search of the catalogue's active
 * products of tipo 'produto' (GET /inventario/produtos?tipo=produto&ativo=true&query=), each
 * option with its sale price; the saved one's name read from the catalogue by id.
 */
import { formatMoney } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import type { Produto } from '@petshop/shared/produto';
import { queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http } from '#lib/http/http.ts';
import { ProdutoSelect } from '#lib/produtos/produto-select.tsx';
import { queryKeys } from '#lib/query-keys.ts';

const buscaProdutos = (termo: string) => {
  const params = { page: 1, pageSize: 20, query: termo, tipo: 'produto', ativo: 'true' } as const;
  return queryOptions({
    queryKey: queryKeys.produtos.list(params),
    queryFn: async () => {
      const { data } = await http.get<Page<Produto>>('/inventario/produtos', { params });
      // A dose leaves the stock: services (no stock) are not offered, whatever the filter did.
      return data.items.filter((p) => p.tipo === 'produto');
    },
  });
};

type ProdutoVacinaSelectProps = {
  value: string | null;
  onChange: (produtoId: string | null) => void;
  error?: ReactNode;
};

export function ProdutoVacinaSelect({ value, onChange, error }: ProdutoVacinaSelectProps) {
  return (
    <ProdutoSelect
      label="Produto"
      description="O produto que guarda o estoque e o preço da dose. Sem produto, a aplicação não é cobrada nem baixada do estoque."
      placeholder="Buscar produto pelo nome ou código"
      value={value}
      onChange={(id) => onChange(id)}
      busca={buscaProdutos}
      idOf={(p) => p.id}
      nomeOf={(p) => p.nome}
      labelOf={(p) => `${p.nome} — ${formatMoney(p.precoVenda)}`}
      nomePeloId
      error={error}
    />
  );
}
