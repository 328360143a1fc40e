import type { ModelosMensagem } from '@petshop/shared/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * PUT /geral/unidades-negocio/{id}/whatsapp/mensagens (all five templates) → the saved set.
 * 400 with errors keyed `aniversario.texto`, `vacinaAVencer.horaEnvio`, …
 */
export const salvarModelosMensagem = async ({
  unidadeId,
  modelos,
}: {
  unidadeId: string;
  modelos: ModelosMensagem;
}): Promise<ModelosMensagem> => {
  const { data } = await http.put<ModelosMensagem>(
    `/geral/unidades-negocio/${encodeURIComponent(unidadeId)}/whatsapp/mensagens`,
    modelos,
  );
  return data;
};

export const useSalvarModelosMensagem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarModelosMensagem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.whatsapp.all }),
  });
};
