import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/http.ts';

export type FormatoImpressao = '80mm' | 'a4';
export type ImprimirVendaVariables = { id: string; formato?: FormatoImpressao };

/**
 * GET /comercial/vendas/{id}/imprimir?formato=80mm|a4 → the receipt as a PDF, fetched through
 * the HTTP client (token and unit headers) and opened in a new tab, where the browser's viewer
 * prints it. A blocked pop-up falls back to downloading the file.
 */
export const imprimirVenda = async ({ id, formato = '80mm' }: ImprimirVendaVariables): Promise<void> => {
  const { data } = await http.get<Blob>(`/comercial/vendas/${encodeURIComponent(id)}/imprimir`, {
    params: { formato },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }));
  const opened = window.open(url, '_blank');
  if (!opened) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `venda-${id}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }
  // The new tab has read the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

export const useImprimirVenda = () => useMutation({ mutationFn: imprimirVenda });
