/**
 * The service product that prices an appointment type: a search of the catalogue's active
 * products of tipo 'servico' (GET /inventario/produtos?tipo=servico&ativo=true&query=), the
 * option showing its sale price.
 */
import type { Page } from '@petshop/shared/http';
import { formatMoney } from '@petshop/shared/format';
import type { Produto } from '@petshop/shared/produto';
import { queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http } from '#lib/http/http.ts';
import { ProdutoSelect } from '#lib/produtos/produto-select.tsx';
import { queryKeys } from '#lib/query-keys.ts';

const buscaServicos = (termo: string) => {
  const params = { page: 1, pageSize: 20, query: termo, tipo: 'servico', ativo: 'true' } as const;
  return queryOptions({
    queryKey: queryKeys.produtos.list(params),
    queryFn: async () => {
      const { data } = await http.get<Page<Produto>>('/inventario/produtos', { params });
      // Only services price an appointment, whatever the API's filter did.
      return data.items.filter((p) => p.tipo === 'servico');
    },
  });
};

type ServicoSelectProps = {
  value: string | null;
  onChange: (produtoId: string | null) => void;
  error?: ReactNode;
};

export function ServicoSelect({ value, onChange, error }: ServicoSelectProps) {
  return (
    <ProdutoSelect
      label="Serviço"
      description="O produto do tipo serviço que dá o preço do atendimento. Sem serviço, nada é cobrado."
      placeholder="Buscar serviço pelo nome ou código"
      value={value}
      onChange={(id) => onChange(id)}
      busca={buscaServicos}
      idOf={(p) => p.id}
      nomeOf={(p) => p.nome}
      labelOf={(p) => `${p.nome} — ${formatMoney(p.precoVenda)}`}
      nomePeloId
      error={error}
    />
  );
}
