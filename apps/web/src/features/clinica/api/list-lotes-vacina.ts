import type { Lote } from '@petshop/shared/estoque';
import type { Page } from '@petshop/shared/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** Most lots the register-dose form offers. */
export const LOTES_POR_VACINA = 100;

/**
 * GET /estoques/lotes?produtoId= → Page<Lote>: the lots with stock of a vaccine's product in the
 * selected unit, earliest expiry first (number, expiry, quantity, expired).
 */
export const listLotesVacina = async (produtoId: string): Promise<Page<Lote>> => {
  const { data } = await http.get<Page<Lote>>('/estoques/lotes', { params: { produtoId, page: 1, pageSize: LOTES_POR_VACINA } });
  return data;
};

export const lotesVacinaQueryOptions = (produtoId: string) =>
  queryOptions({
    queryKey: queryKeys.lotes.list({ page: 1, pageSize: LOTES_POR_VACINA, produtoId }),
    queryFn: () => listLotesVacina(produtoId),
  });

/** Only when the vaccine's product controls lots. */
export const useLotesVacina = (produtoId: string | null, enabled = true) =>
  useQuery({ ...lotesVacinaQueryOptions(produtoId ?? ''), enabled: Boolean(produtoId) && enabled });
