import type { ExportarDadosPessoaisQuery } from '@petshop/shared/lgpd';
import { useMutation } from '@tanstack/react-query';
import { baixarBlob, nomeDoArquivo } from '#lib/http/baixar-blob.ts';
import { http } from '#lib/http/http.ts';

export type ExportarDadosPessoaisArgs = { id: string; formato: ExportarDadosPessoaisQuery['formato'] };

/**
 * GET /pessoal/pessoas/{id}/lgpd/exportar?formato=json|pdf (LGPD, permission dados-pessoais) →
 * the customer's data in every unit, saved under the API's name
 * (`dados-pessoais-<nome>-<yyyy-MM-dd>.json|pdf`). The API records the export in the audit log.
 * 403 without the permission, 404 for a person not in the tenant (an ApiError to the caller).
 */
export const exportarDadosPessoais = async ({ id, formato }: ExportarDadosPessoaisArgs): Promise<Blob> => {
  const { data, headers } = await http.get<Blob>(`/pessoal/pessoas/${encodeURIComponent(id)}/lgpd/exportar`, {
    params: { formato },
    responseType: 'blob',
  });
  baixarBlob(data, nomeDoArquivo(headers['content-disposition'], `dados-pessoais.${formato}`));
  return data;
};

export const useExportarDadosPessoais = () => useMutation({ mutationFn: exportarDadosPessoais });
