import { useMutation } from '@tanstack/react-query';
import type { TipoTitulo } from '#lib/query-keys.ts';
import { http } from '#lib/http/http.ts';
import { tituloPath } from './titulos-path.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

/** DELETE /financeiro/{tipo}/{id}: cancels an open, unsettled título (it stays, Cancelada). */
export const cancelarTitulo = async (tipo: TipoTitulo, id: string): Promise<void> => {
  await http.delete(tituloPath(tipo, id));
};

export const useCancelarTitulo = (tipo: TipoTitulo) => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: (id: string) => cancelarTitulo(tipo, id), onSuccess: invalidar });
};
