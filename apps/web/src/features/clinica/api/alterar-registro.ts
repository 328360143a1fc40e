/**
 * PUT /clinica/registros/{id}, multipart like the create (issue #19 item 4): the whole record in
 * `dados` (with `anexosRemovidos`, the attachments to drop) and new `anexos` file parts → the
 * saved Registro. 404 from another unit or tenant (only the writing unit changes a record).
 * Refreshes every clinic read.
 */
import type { Registro } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registroMultipart, type RegistroDados } from './criar-registro.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type AlterarRegistroVariables = { id: string; dados: RegistroDados; anexos: readonly File[]; idempotencyKey?: string };

export const alterarRegistro = async ({ id, dados, anexos, idempotencyKey }: AlterarRegistroVariables): Promise<Registro> => {
  const { data } = await http.put<Registro>(
    `/clinica/registros/${encodeURIComponent(id)}`,
    registroMultipart(dados, anexos),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarRegistro = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarRegistro,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clinica }),
  });
};
