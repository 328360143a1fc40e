import type { CaixasParaPdv } from '@petshop/shared/venda';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /comercial/pdv/obter-caixas-para-pdv → CaixasParaPdv: the unit's open registers (the
 * user's own marked `doUsuario`) and the active payment methods in the till's order. Spec §2:
 * loaded before the point of sale shows.
 */
export const getCaixasPdv = async (): Promise<CaixasParaPdv> => {
  const { data } = await http.get<CaixasParaPdv>('/comercial/pdv/obter-caixas-para-pdv');
  return data;
};

export const caixasPdvQueryOptions = () => queryOptions({ queryKey: queryKeys.pdv.caixas(), queryFn: getCaixasPdv });

export const useCaixasPdv = () => useSuspenseQuery(caixasPdvQueryOptions());
