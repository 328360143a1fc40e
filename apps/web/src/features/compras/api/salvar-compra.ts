import type { Compra, CompraInput } from '@petshop/shared/compra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compraSalva } from './compra-alterada.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type SalvarCompraVariables = { id: string | null; dados: CompraInput; idempotencyKey?: string };

/**
 * A draft: POST /compras (new; `dados.id` is the client's uuid, so a resend answers the same
 * purchase) or PUT /compras/{id} (replace the draft; 400 when it is no longer a draft) →
 * Compra. 400 with field keys of `compraInputSchema` (`itens.N.quantidade`, `parcelas.N.valor`…).
 */
export const salvarCompra = async ({ id, dados, idempotencyKey }: SalvarCompraVariables): Promise<Compra> => {
  const config = idempotencyConfig(idempotencyKey);
  const { data } = id
    ? await http.put<Compra>(`/compras/${encodeURIComponent(id)}`, dados, config)
    : await http.post<Compra>('/compras', dados, config);
  return data;
};

export const useSalvarCompra = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: salvarCompra, onSuccess: (compra) => compraSalva(queryClient, compra) });
};
