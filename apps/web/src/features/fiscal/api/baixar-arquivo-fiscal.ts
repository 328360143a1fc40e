import type { AxiosProgressEvent } from 'axios';
import { http } from '#lib/http/http.ts';
import { baixarBlob, nomeDoArquivo } from '#lib/http/baixar-blob.ts';

/**
 * GET a fiscal file (XML, zip) as a blob and save it under the API's name (`fallback` without
 * one). A refusal's JSON body is read back from the blob by the HTTP client (http-client.ts), so
 * errorMessage shows the API's Portuguese message ('Nenhum documento fiscal em 11/2026').
 */
export const baixarArquivoFiscal = async (
  url: string,
  fallback: string,
  options: { params?: Record<string, unknown>; onDownloadProgress?: (event: AxiosProgressEvent) => void } = {},
): Promise<void> => {
  const { data, headers } = await http.get<Blob>(url, { ...options, responseType: 'blob' });
  baixarBlob(data, nomeDoArquivo(headers['content-disposition'], fallback));
};
