import type { BaixaInput } from '@petshop/shared/financeiro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type TipoTitulo } from '#lib/query-keys.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import type { TituloDe } from '../titulos/titulo-types.ts';
import { tituloPath } from './titulos-path.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

export type BaixarVariables = { id: string; dados: BaixaInput; idempotencyKey?: string };

/** PATCH /financeiro/{tipo}/{id}/baixa → the título with the new settlement; `chave` makes a repeat settle once. */
export const baixarTitulo = async <K extends TipoTitulo>(tipo: K, { id, dados, idempotencyKey }: BaixarVariables) => {
  const { data } = await http.patch<TituloDe<K>>(`${tituloPath(tipo, id)}/baixa`, dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useBaixarTitulo = <K extends TipoTitulo>(tipo: K) => {
  const queryClient = useQueryClient();
  const invalidar = useInvalidarFinanceiro();
  return useMutation({
    mutationFn: (v: BaixarVariables) => baixarTitulo(tipo, v),
    onSuccess: (titulo) => {
      queryClient.setQueryData(queryKeys.titulos.detail(tipo, titulo.id), titulo);
      return invalidar();
    },
  });
};
