/**
 * POST /clinica/registros, multipart (issue #19 item 4): `dados` (JSON per registroInputSchema:
 * the kind's fields) and up to 4 file parts `anexos` (PDF, PNG, JPEG, WebP; 10 MB each) → the
 * saved Registro (201). 400 with the errors map (fields as 'exameFisico.peso'). Refreshes every
 * clinic read (['clinica']: the chart, the timeline, the weight chart).
 */
import type { Registro, RegistroInputParsed } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type RegistroDados = Partial<RegistroInputParsed> & Pick<RegistroInputParsed, 'petId' | 'tipo'>;

export type CriarRegistroVariables = { dados: RegistroDados; anexos: readonly File[]; idempotencyKey?: string };

/** The multipart body: `dados` then one `anexos` part per file. */
export const registroMultipart = (dados: RegistroDados, anexos: readonly File[]): FormData => {
  const body = new FormData();
  body.append('dados', JSON.stringify(dados));
  for (const file of anexos) body.append('anexos', file, file.name);
  return body;
};

export const criarRegistro = async ({ dados, anexos, idempotencyKey }: CriarRegistroVariables): Promise<Registro> => {
  const { data } = await http.post<Registro>(
    '/clinica/registros',
    registroMultipart(dados, anexos),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useCriarRegistro = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarRegistro,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clinica }),
  });
};
