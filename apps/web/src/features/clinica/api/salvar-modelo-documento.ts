/**
 * POST /clinica/modelos-documento (no id) or PUT /clinica/modelos-documento/{id} with the
 * contract's ModeloDocumentoInput (tipo receita | documento, the editor's HTML with
 * `{{variáveis}}`) → the saved ModeloDocumento, its HTML sanitised by the server; 400 on
 * `conteudo` when it uses a name outside VARIAVEIS_MODELO (the message lists the known ones).
 */
import type { ModeloDocumento, ModeloDocumentoInputParsed } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modelosDocumentoApi } from './cadastros-clinica.ts';

export type SalvarModeloDocumentoVariables = {
  id?: string | undefined;
  dados: ModeloDocumentoInputParsed;
  idempotencyKey?: string;
};

export const salvarModeloDocumento = ({ id, dados, idempotencyKey }: SalvarModeloDocumentoVariables): Promise<ModeloDocumento> =>
  id ? modelosDocumentoApi.update({ id, dados, idempotencyKey }) : modelosDocumentoApi.create({ dados, idempotencyKey });

/** Saves, puts the answer in the detail cache and refreshes every clinic read. */
export const useSalvarModeloDocumento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarModeloDocumento,
    onSuccess: (row) => {
      queryClient.setQueryData(modelosDocumentoApi.keys.detail(row.id), row);
      return modelosDocumentoApi.invalidate(queryClient);
    },
  });
};
