import { AxiosError, type AxiosProgressEvent } from 'axios';
import { http } from '#lib/http/http.ts';
import { baixarBlob } from '#lib/http/baixar-blob.ts';

/** The file name the API gave in Content-Disposition, else `fallback`. */
const nomeDoArquivo = (disposition: unknown, fallback: string): string => {
  const match = typeof disposition === 'string' ? /filename="?([^";]+)"?/.exec(disposition) : null;
  return match?.[1] ?? fallback;
};

/**
 * GET a fiscal file (XML, zip) as a blob and save it under the API's name (`fallback` without
 * one). A refusal comes as a blob too: its JSON `errors` body is read back into the error, so
 * that errorMessage shows the API's Portuguese message ('Nenhum documento em 11/2026').
 */
export const baixarArquivoFiscal = async (
  url: string,
  fallback: string,
  options: { params?: Record<string, unknown>; onDownloadProgress?: (event: AxiosProgressEvent) => void } = {},
): Promise<void> => {
  try {
    const { data, headers } = await http.get<Blob>(url, { ...options, responseType: 'blob' });
    baixarBlob(data, nomeDoArquivo(headers['content-disposition'], fallback));
  } catch (error) {
    const data: unknown = error instanceof AxiosError ? error.response?.data : undefined;
    if (error instanceof AxiosError && error.response && data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await data.text()) as unknown;
      } catch {
        // Not JSON: the generic message of the status.
      }
    }
    throw error;
  }
};
