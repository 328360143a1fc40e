import type { ResultadoImportacao } from '@petshop/shared/importacao';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { corpoDoEnvio, progressoDoEnvio, type EnvioPlanilha } from './enviar-planilha.ts';

export type ImportacaoVariables = EnvioPlanilha & { idempotencyKey: string };

/**
 * POST /importacoes/{tipo}, multipart → every valid row imported in one transaction. The
 * wizard keeps one Idempotency-Key per file and mapping, so a double click imports once.
 */
export const importarPlanilha = async ({ idempotencyKey, ...envio }: ImportacaoVariables): Promise<ResultadoImportacao> => {
  const { data } = await http.post<ResultadoImportacao>(`/importacoes/${envio.tipo}`, corpoDoEnvio(envio), {
    ...idempotencyConfig(idempotencyKey),
    onUploadProgress: progressoDoEnvio(envio.onProgresso),
  });
  return data;
};

/** What an import changes: customers and pets, or the catalogue with its brands and categories. */
const invalidar = (queryClient: QueryClient, tipo: EnvioPlanilha['tipo']) =>
  Promise.all(
    (tipo === 'clientes'
      ? [queryKeys.pessoas.all, queryKeys.pets.all]
      : [queryKeys.produtos.all, queryKeys.marcas.all, queryKeys.categoriasProduto.all]
    ).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export const useImportarPlanilha = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importarPlanilha,
    onSuccess: (_resultado, { tipo }) => invalidar(queryClient, tipo),
  });
};
