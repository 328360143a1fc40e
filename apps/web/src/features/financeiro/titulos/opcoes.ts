/**
 * What the finance lists and forms pick from: categories of one kind, payment methods and
 * accounts of the unit (the settings calls and their cache keys, `../api/*.ts`). Suppliers:
 * lib/fornecedores/fornecedor-select.tsx.
 */
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { useMemo } from 'react';
import { categoriasFinanceirasApi } from '../api/categorias-financeiras.ts';
import { contasApi } from '../api/contas.ts';
import { formasPagamentoApi } from '../api/formas-pagamento.ts';

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

/** Active payment methods (and `atual`), only of kinds `tipos` when given (a payable's baixa: TIPOS_PAGAM_DESPESA). */
export const useFormasOpcoes = (atual?: string | null, tipos?: readonly TipoFormaPagamento[]) => {
  const q = useFormasPagamento();
  return useMemo(
    () =>
      opcoesDe(
        q.data?.items.filter((f) => !tipos || tipos.includes(f.tipo) || f.id === atual),
        (f) => f.nome,
        atual,
      ),
    [q.data, atual, tipos],
  );
};

export const useContas = () => contasApi.useOptions();

export const useContasOpcoes = (atual?: string | null) => {
  const q = useContas();
  return useMemo(() => opcoesDe(q.data?.items, (c) => c.nome, atual), [q.data, atual]);
};
