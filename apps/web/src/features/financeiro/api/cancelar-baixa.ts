import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type TipoTitulo } from '#lib/query-keys.ts';
import { http } from '#lib/http/http.ts';
import type { TituloDe } from '../titulos/titulo-types.ts';
import { titulosPath } from './titulos-path.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

/** POST /financeiro/{tipo}/cancelar-baixar { id, baixaId? } → the título with the settlement reversed. */
export const cancelarBaixa = async <K extends TipoTitulo>(tipo: K, dados: { id: string; baixaId?: string }) => {
  const { data } = await http.post<TituloDe<K>>(`${titulosPath(tipo)}/cancelar-baixar`, dados);
  return data;
};

export const useCancelarBaixa = <K extends TipoTitulo>(tipo: K) => {
  const queryClient = useQueryClient();
  const invalidar = useInvalidarFinanceiro();
  return useMutation({
    mutationFn: (dados: { id: string; baixaId?: string }) => cancelarBaixa(tipo, dados),
    onSuccess: (titulo) => {
      queryClient.setQueryData(queryKeys.titulos.detail(tipo, titulo.id), titulo);
      return invalidar();
    },
  });
};
