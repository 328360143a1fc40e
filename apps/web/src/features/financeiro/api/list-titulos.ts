import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type TipoTitulo } from '#lib/query-keys.ts';
import { titulosQueryParams } from '../titulos/titulos-search.ts';
import { http } from '#lib/http/http.ts';
import type { PageTitulos, TituloDe } from '../titulos/titulo-types.ts';
import { titulosPath } from './titulos-path.ts';

/** GET /financeiro/{tipo}?page&pageSize&query&status&dataInicio&dataFim&… → the page and the totals of every page. */
export const listTitulos = async <K extends TipoTitulo>(
  tipo: K,
  search: Record<string, unknown>,
): Promise<PageTitulos<TituloDe<K>>> => {
  const { data } = await http.get<PageTitulos<TituloDe<K>>>(titulosPath(tipo), { params: titulosQueryParams(search) });
  return data;
};

export const titulosQueryOptions = <K extends TipoTitulo>(tipo: K, search: Record<string, unknown>) =>
  queryOptions({
    queryKey: queryKeys.titulos.list(tipo, titulosQueryParams(search)),
    queryFn: () => listTitulos(tipo, search),
    placeholderData: keepPreviousData,
  });

export const useTitulos = <K extends TipoTitulo>(tipo: K, search: Record<string, unknown>, enabled = true) =>
  useQuery({ ...titulosQueryOptions(tipo, search), enabled });
