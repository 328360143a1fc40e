/**
 * Printing PDFs the API answers (the sale receipt, issue #4 item 6). The API needs the bearer
 * token and the unit header, so a plain link cannot open them: they are fetched with the app's
 * HTTP client, then printed from a hidden iframe in one keystroke; when the browser cannot print
 * the frame the PDF opens in a new tab, and when that pop-up is blocked too it is downloaded.
 */
import { http } from '../http/http.ts';
import { errorMessage } from '../http/api-error.ts';
import { notifyError } from '../notify.ts';
import { baixarBlob } from '../http/baixar-blob.ts';

export type FormatoImpressao = '80mm' | 'a4';

/** GET /comercial/vendas/{id}/imprimir?formato → the receipt as a PDF blob (80 mm unless A4). */
export const getReciboVenda = async (id: string, formato: FormatoImpressao = '80mm'): Promise<Blob> => {
  const { data } = await http.get<Blob>(`/comercial/vendas/${encodeURIComponent(id)}/imprimir`, {
    params: formato === 'a4' ? { formato } : {},
    responseType: 'blob',
  });
  return data;
};

/** How long the blob URL lives after printing starts (the print dialog reads it lazily). */
const URL_TTL_MS = 60_000;

/**
 * Prints a PDF blob through a hidden iframe; falls back to a new tab when the frame cannot show
 * it (a Content-Security-Policy without `frame-src blob:`, no PDF viewer), 'bloqueado' when
 * that pop-up is blocked too. Under automation (`navigator.webdriver`: Playwright, Selenium)
 * the receipt is loaded but the print dialog is not opened: nobody is there to answer it, and
 * headless Chromium's PDF viewer crashes on print().
 */
export const imprimirPdf = (blob: Blob): Promise<'iframe' | 'aba' | 'bloqueado'> =>
  new Promise((resolve) => {
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    let resolvido = false;
    const fim = (como: 'iframe' | 'aba' | 'bloqueado') => {
      if (resolvido) return;
      resolvido = true;
      document.removeEventListener('securitypolicyviolation', bloqueadoPelaPolitica);
      resolve(como);
    };
    const fallback = () => {
      // No 'noopener': with it window.open always returns null and a blocked pop-up goes unnoticed.
      const aba = window.open(url, '_blank');
      fim(aba ? 'aba' : 'bloqueado');
    };
    const bloqueadoPelaPolitica = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith('blob:')) fallback();
    };
    document.addEventListener('securitypolicyviolation', bloqueadoPelaPolitica);
    const iframe = document.createElement('iframe');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.title = 'Recibo';
    iframe.style.position = 'fixed';
    iframe.style.right = '0';
    iframe.style.bottom = '0';
    iframe.style.width = '0';
    iframe.style.height = '0';
    iframe.style.border = '0';
    iframe.dataset.pdvRecibo = 'true';
    iframe.onload = () => {
      // Let a policy violation (reported asynchronously) win over a frame that shows an error page.
      window.setTimeout(() => {
        if (resolvido) return;
        try {
          if (!navigator.webdriver) {
            iframe.contentWindow?.focus();
            iframe.contentWindow?.print();
            // The print dialog took the focus into the frame: the till's keys must work again.
            window.focus();
          }
          fim('iframe');
        } catch {
          fallback();
        }
      }, 50);
    };
    iframe.onerror = fallback;
    // Only the last receipt's frame is kept in the page.
    document.querySelectorAll('iframe[data-pdv-recibo]').forEach((old) => old.remove());
    document.body.appendChild(iframe);
    iframe.src = url;
    window.setTimeout(() => URL.revokeObjectURL(url), URL_TTL_MS);
  });

/**
 * Fetches the sale's receipt and prints it; a blocked pop-up downloads the PDF instead, with a
 * notice. Errors are notified too, so callers only wait for it (the till then takes the focus
 * back). Answers how it went.
 */
export const imprimirVenda = async (
  id: string,
  formato: FormatoImpressao = '80mm',
): Promise<'iframe' | 'aba' | 'baixado' | 'erro'> => {
  try {
    const pdf = await getReciboVenda(id, formato);
    const como = await imprimirPdf(pdf);
    if (como !== 'bloqueado') return como;
    baixarBlob(new Blob([pdf], { type: 'application/pdf' }), `venda-${id}.pdf`);
    notifyError('O navegador bloqueou a janela do recibo: o PDF foi baixado (permita pop-ups para imprimir direto)');
    return 'baixado';
  } catch (error) {
    notifyError(errorMessage(error));
    return 'erro';
  }
};
