import { IMPORTAR_XML_CAMPO_ACEITAR, type Compra } from '@petshop/shared/compra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compraSalva } from './compra-alterada.ts';
import { http } from '#lib/http/http.ts';

export type ImportarXmlVariables = {
  arquivo: File;
  /** The NF-e names another CNPJ than the unit's and the user confirmed it. */
  aceitarOutroDestinatario?: boolean;
};

/**
 * POST /api/compras/importar-xml (spec §7, the repeated segment as the spec shows it), multipart
 * `arquivo` (the supplier's NF-e 55, `nfeProc` or bare `NFe`) and `aceitarOutroDestinatario` =
 * 'true' when confirmed → the draft Compra created (supplier matched or created by CNPJ, one
 * line per item, installments from the duplicatas, lots from `rastro`, `avisos`). 400: not an
 * NF-e, an NFC-e, the same access key already imported ('…já foi importada na compra nº N'),
 * or `aceitarOutroDestinatario` when the recipient is another CNPJ (confirm to import anyway).
 */
export const importarXml = async ({ arquivo, aceitarOutroDestinatario }: ImportarXmlVariables): Promise<Compra> => {
  const body = new FormData();
  if (aceitarOutroDestinatario) body.append(IMPORTAR_XML_CAMPO_ACEITAR, 'true');
  body.append('arquivo', arquivo, arquivo.name);
  const { data } = await http.post<Compra>('/api/compras/importar-xml', body);
  return data;
};

export const useImportarXml = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importarXml, onSuccess: (compra) => compraSalva(queryClient, compra) });
};
