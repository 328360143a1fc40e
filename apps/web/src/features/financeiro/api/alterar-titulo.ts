import { useMutation } from '@tanstack/react-query';
import type { TipoTitulo } from '#lib/query-keys.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import type { Tipos, TituloDe } from '../titulos/titulo-types.ts';
import { tituloPath } from './titulos-path.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

export type AlterarTituloVariables<K extends TipoTitulo> = { id: string; dados: Tipos[K]['update']; idempotencyKey?: string };

/** PUT /financeiro/{tipo}/{id}: only while open with nothing settled (else 400). */
export const alterarTitulo = async <K extends TipoTitulo>(tipo: K, { id, dados, idempotencyKey }: AlterarTituloVariables<K>) => {
  const { data } = await http.put<TituloDe<K>>(tituloPath(tipo, id), dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useAlterarTitulo = <K extends TipoTitulo>(tipo: K) => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: (v: AlterarTituloVariables<K>) => alterarTitulo(tipo, v), onSuccess: invalidar });
};
