/**
 * What the finance lists and forms pick from: categories of one kind, payment methods and
 * accounts of the unit (the settings calls and their cache keys, `../api/*.ts`), and suppliers
 * (GET /inventario/fornecedores, the same call and key as the purchases' picker, copied here
 * because features do not import each other).
 */
import type { Fornecedor } from '@petshop/shared/fornecedor';
import type { Page } from '@petshop/shared/http';
import { formatCpfCnpj } from '@petshop/shared/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { categoriasFinanceirasApi } from '../api/categorias-financeiras.ts';
import { contasApi } from '../api/contas.ts';
import { formasPagamentoApi } from '../api/formas-pagamento.ts';
import { http } from '../../../lib/http/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type Opcao = { value: string; label: string };

/** Options of the active rows, keeping `atual` (an inactive one already chosen) so the select still names it. */
const opcoesDe = <T extends { id: string; ativo: boolean }>(
  rows: readonly T[] | undefined,
  label: (r: T) => string,
  atual?: string | null,
) => (rows ?? []).filter((r) => r.ativo || r.id === atual).map((r) => ({ value: r.id, label: label(r) }));

/** Categories of kind `tipo` ('despesa' | 'receita'), by their path ('Despesas operacionais › Aluguel'). */
export const useCategoriasOpcoes = (tipo: 'despesa' | 'receita', atual?: string | null) => {
  const q = categoriasFinanceirasApi.useOptions({ tipo });
  return useMemo(() => opcoesDe(q.data?.items, (c) => c.caminho, atual), [q.data, atual]);
};

export const useFormasPagamento = () => formasPagamentoApi.useOptions();

export const useFormasOpcoes = (atual?: string | null) => {
  const q = useFormasPagamento();
  return useMemo(() => opcoesDe(q.data?.items, (f) => f.nome, atual), [q.data, atual]);
};

export const useContas = () => contasApi.useOptions();

export const useContasOpcoes = (atual?: string | null) => {
  const q = useContas();
  return useMemo(() => opcoesDe(q.data?.items, (c) => c.nome, atual), [q.data, atual]);
};

export const nomeFornecedor = (f: Pick<Fornecedor, 'razaoSocial' | 'nomeFantasia' | 'cpfCnpj'>): string =>
  [f.nomeFantasia || f.razaoSocial, f.cpfCnpj ? formatCpfCnpj(f.cpfCnpj) : null].filter(Boolean).join(' — ');

const fornecedoresParams = (query: string) => ({ page: 1, pageSize: 20, query: query || undefined });

/** GET /inventario/fornecedores?query (name or CPF/CNPJ) → the first 20. */
export const useBuscaFornecedores = (query: string) =>
  useQuery({
    queryKey: queryKeys.fornecedores.list(fornecedoresParams(query)),
    queryFn: async () =>
      (await http.get<Page<Fornecedor>>('/inventario/fornecedores', { params: fornecedoresParams(query) })).data,
    placeholderData: keepPreviousData,
  });
