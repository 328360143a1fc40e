import type { PreviaImportacao } from '@petshop/shared/importacao';
import { useMutation } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { corpoDoEnvio, progressoDoEnvio, type EnvioPlanilha } from './enviar-planilha.ts';

/**
 * POST /importacoes/{tipo}/previa, multipart (`arquivo`, optional `mapeamento`) → the columns,
 * the mapping used and every row with its errors. Writes nothing: a mutation only because it
 * uploads a file.
 */
export const gerarPrevia = async (envio: EnvioPlanilha): Promise<PreviaImportacao> => {
  const { data } = await http.post<PreviaImportacao>(`/importacoes/${envio.tipo}/previa`, corpoDoEnvio(envio), {
    onUploadProgress: progressoDoEnvio(envio.onProgresso),
  });
  return data;
};

export const useGerarPrevia = () => useMutation({ mutationFn: gerarPrevia });
