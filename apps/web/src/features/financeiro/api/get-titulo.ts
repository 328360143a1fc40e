import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type TipoTitulo } from '#lib/query-keys.ts';
import { http } from '#lib/http/http.ts';
import type { TituloDe } from '../titulos/titulo-types.ts';
import { tituloPath } from './titulos-path.ts';

/** GET /financeiro/{tipo}/{id} → the título with its settlements (and a payable's attachments); 404 outside the unit. */
export const getTitulo = async <K extends TipoTitulo>(tipo: K, id: string): Promise<TituloDe<K>> => {
  const { data } = await http.get<TituloDe<K>>(tituloPath(tipo, id));
  return data;
};

export const tituloQueryOptions = <K extends TipoTitulo>(tipo: K, id: string) =>
  queryOptions({ queryKey: queryKeys.titulos.detail(tipo, id), queryFn: () => getTitulo(tipo, id) });

export const useTitulo = <K extends TipoTitulo>(tipo: K, id: string) => useQuery(tituloQueryOptions(tipo, id));
