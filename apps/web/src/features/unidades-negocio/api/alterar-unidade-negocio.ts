import type { UnidadeNegocio, UnidadeNegocioInputParsed } from '@petshop/shared/unidade-negocio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnidadeNegocioFiles } from './criar-unidade-negocio.ts';
import { invalidateUnidades } from './invalidate-unidades.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type AlterarUnidadeNegocioVariables = {
  id: string;
  dados: UnidadeNegocioInputParsed;
  idempotencyKey?: string;
} & UnidadeNegocioFiles;

/**
 * PUT /geral/unidades-negocio/{id}, multipart like the create. A blank CSC token keeps the
 * stored one; `fiscal.removerCertificado` / `removerLogo` remove the stored files.
 */
export const alterarUnidadeNegocio = async ({
  id,
  dados,
  logo,
  certificado,
  idempotencyKey,
}: AlterarUnidadeNegocioVariables): Promise<UnidadeNegocio> => {
  const { data } = await http.put<UnidadeNegocio>(
    `/geral/unidades-negocio/${encodeURIComponent(id)}`,
    toMultipart(dados, { logo, certificado }),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarUnidadeNegocio = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarUnidadeNegocio,
    onSuccess: (unidade) => invalidateUnidades(queryClient, unidade.id),
  });
};
