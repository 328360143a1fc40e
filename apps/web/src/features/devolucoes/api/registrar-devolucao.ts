import type { Devolucao, DevolucaoInput } from '@petshop/shared/devolucao';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type RegistrarDevolucaoVariables = { dados: DevolucaoInput; idempotencyKey?: string };

/**
 * POST /comercial/devolucoes `{ id?, vendaId, itens: [{ vendaItemId, quantidade }], reembolso,
 * motivo? }` → 201 Devolucao; the same `id` again answers the return already made. 400 with `itens.N.quantidade` past what is left to return,
 * `reembolso` for credit on a sale without customer, generalErrors for a sale not finalised or
 * no open register for a cash refund.
 */
export const registrarDevolucao = async ({ dados, idempotencyKey }: RegistrarDevolucaoVariables): Promise<Devolucao> => {
  const { data } = await http.post<Devolucao>('/comercial/devolucoes', dados, idempotencyConfig(idempotencyKey));
  return data;
};

/**
 * A return moved stock, cash or credit: the return goes into the cache, and sales, registers
 * (['comercial']), customer credit (['financeiro']), the customer's summary (['pessoal',
 * 'pessoas']) and the products' stock (queryKeys.produtos) are refetched.
 */
export const devolucaoRegistrada = async (queryClient: QueryClient, devolucao: Devolucao): Promise<void> => {
  queryClient.setQueryData(queryKeys.devolucoes.detail(devolucao.id), devolucao);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: queryKeys.area.comercial,
      predicate: (q) => q.queryKey[1] !== 'devolucoes',
    }),
    queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }),
  ]);
};

export const useRegistrarDevolucao = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registrarDevolucao, onSuccess: (devolucao) => devolucaoRegistrada(queryClient, devolucao) });
};
