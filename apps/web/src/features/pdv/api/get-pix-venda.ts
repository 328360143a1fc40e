import type { PixVenda } from '@petshop/shared/fiscal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /comercial/vendas/{id}/pix?valor= → the static PIX BR Code ("copia e cola") of `valor`
 * reais for the sale, with the unit's key (issue #18 item 9). 400 "Configure a chave PIX da
 * unidade" when the unit has none.
 */
export const getPixVenda = async (vendaId: string, valor: number): Promise<PixVenda> => {
  const { data } = await http.get<PixVenda>(`/comercial/vendas/${encodeURIComponent(vendaId)}/pix`, {
    params: { valor: valor.toFixed(2) },
  });
  return data;
};

/** The BR Code of the amount typed, while there is a saved sale and something to charge. */
export const usePixVenda = (vendaId: string | null, valor: number, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.pixVenda(vendaId ?? '', valor.toFixed(2)),
      queryFn: () => getPixVenda(vendaId ?? '', valor),
      enabled: enabled && Boolean(vendaId) && valor > 0,
      retry: false,
      staleTime: 5 * 60_000,
    }),
  );
