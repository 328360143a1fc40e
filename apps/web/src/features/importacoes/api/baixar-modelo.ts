import type { FormatoModelo, TipoImportacao } from '@petshop/shared/importacao';
import { useMutation } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { nomeDoDownload } from '../wizard-logic.ts';
import { baixarBlob } from '#lib/http/baixar-blob.ts';

export type BaixarModeloVariables = { tipo: TipoImportacao; formato: FormatoModelo };

/**
 * GET /importacoes/{tipo}/modelo?formato → the template, saved by the browser. Fetched through
 * the HTTP client (it carries the token and the unit), then handed to a temporary link.
 */
export const baixarModelo = async ({ tipo, formato }: BaixarModeloVariables): Promise<void> => {
  const { data, headers } = await http.get<Blob>(`/importacoes/${tipo}/modelo`, { params: { formato }, responseType: 'blob' });
  const disposition = headers['content-disposition'];
  const nome = nomeDoDownload(typeof disposition === 'string' ? disposition : undefined, `modelo-${tipo}.${formato}`);
  baixarBlob(data, nome);
};

export const useBaixarModelo = () => useMutation({ mutationFn: baixarModelo });
