/**
 * Printing any PDF document the API answers at a GET path with `?formato=80mm|a4` (issue #15:
 * the register's closing report, the return receipt), the way the sale receipt prints
 * (imprimir-venda.ts `imprimirPdf`): fetched with the app's HTTP client (bearer token and unit
 * header), printed from a hidden iframe, a new tab when the frame cannot, downloaded when that
 * pop-up is blocked too. Errors are notified.
 */
import { http } from '../http/http.ts';
import { errorMessage } from '../http/api-error.ts';
import { baixarBlob } from '../http/baixar-blob.ts';
import { notifyError } from '../notify.ts';
import { imprimirPdf, type FormatoImpressao } from './imprimir-venda.ts';

export type { FormatoImpressao } from './imprimir-venda.ts';

/** GET `caminho` (relative to /api) with the format → the PDF blob (80 mm unless A4). */
export const getDocumentoPdf = async (caminho: string, formato: FormatoImpressao = '80mm'): Promise<Blob> => {
  const { data } = await http.get<Blob>(caminho, { params: formato === 'a4' ? { formato } : {}, responseType: 'blob' });
  return data;
};

/**
 * Fetches the document at `caminho` and prints it; a blocked pop-up downloads it as
 * `nomeArquivo` with a notice. Answers how it went.
 */
export const imprimirDocumento = async (
  caminho: string,
  nomeArquivo: string,
  formato: FormatoImpressao = '80mm',
): Promise<'iframe' | 'aba' | 'baixado' | 'erro'> => {
  try {
    const pdf = await getDocumentoPdf(caminho, formato);
    const como = await imprimirPdf(pdf);
    if (como !== 'bloqueado') return como;
    baixarBlob(new Blob([pdf], { type: 'application/pdf' }), nomeArquivo);
    notifyError('O navegador bloqueou a janela de impressão: o PDF foi baixado (permita pop-ups para imprimir direto)');
    return 'baixado';
  } catch (error) {
    notifyError(errorMessage(error));
    return 'erro';
  }
};
