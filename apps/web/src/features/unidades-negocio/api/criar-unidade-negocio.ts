import type { UnidadeNegocio, UnidadeNegocioInputParsed } from '@petshop/shared/unidade-negocio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateUnidades } from './invalidate-unidades.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type UnidadeNegocioFiles = { logo: File | null; certificado: File | null };
export type CriarUnidadeNegocioVariables = { dados: UnidadeNegocioInputParsed; idempotencyKey?: string } & UnidadeNegocioFiles;

/**
 * POST /geral/unidades_negocio, multipart: `dados` (JSON per unidadeNegocioInputSchema),
 * optional `logo` and `certificado` (A1 .pfx/.p12) → the new UnidadeNegocio.
 */
export const criarUnidadeNegocio = async ({
  dados,
  logo,
  certificado,
  idempotencyKey,
}: CriarUnidadeNegocioVariables): Promise<UnidadeNegocio> => {
  const { data } = await http.post<UnidadeNegocio>(
    '/geral/unidades_negocio',
    toMultipart(dados, { logo, certificado }),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useCriarUnidadeNegocio = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarUnidadeNegocio,
    onSuccess: (unidade) => invalidateUnidades(queryClient, unidade.id),
  });
};
