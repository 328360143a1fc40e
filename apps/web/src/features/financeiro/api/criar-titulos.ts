import { useMutation } from '@tanstack/react-query';
import type { TipoTitulo } from '#lib/query-keys.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import type { Tipos } from '../titulos/titulo-types.ts';
import { titulosPath } from './titulos-path.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

export type CriarTitulosVariables<K extends TipoTitulo> = { dados: Tipos[K]['input']; idempotencyKey?: string };

/** POST /financeiro/{tipo}: one título per installment (201); sent again with the same `id`, answers what exists. */
export const criarTitulos = async <K extends TipoTitulo>(tipo: K, { dados, idempotencyKey }: CriarTitulosVariables<K>) => {
  const { data } = await http.post<unknown>(titulosPath(tipo), dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarTitulos = <K extends TipoTitulo>(tipo: K) => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: (v: CriarTitulosVariables<K>) => criarTitulos(tipo, v), onSuccess: invalidar });
};
