import type { AcaoRecorrencia, Recorrencia } from '@petshop/shared/financeiro';
import { useMutation } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

/** POST /financeiro/recorrencias/{id}/{pausar|retomar|encerrar} → the recurrence after it. */
export const acaoRecorrencia = async ({ id, acao }: { id: string; acao: AcaoRecorrencia }): Promise<Recorrencia> =>
  (await http.post<Recorrencia>(`/financeiro/recorrencias/${encodeURIComponent(id)}/${acao}`)).data;

export const useAcaoRecorrencia = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: acaoRecorrencia, onSuccess: () => invalidar() });
};
