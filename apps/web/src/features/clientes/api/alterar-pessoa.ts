import type { Pessoa, UpdatePessoaInputParsed } from '@petshop/shared/pessoa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pessoaSaved } from './invalidate-pessoas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type AlterarPessoaVariables = { id: string; dados: UpdatePessoaInputParsed; foto: File | null; idempotencyKey?: string };

/**
 * PUT /pessoal/pessoas/{id}, multipart like the create: the whole person (photo, active flag);
 * `dados.removerFoto` removes the stored photo → the saved Pessoa.
 */
export const alterarPessoa = async ({ id, dados, foto, idempotencyKey }: AlterarPessoaVariables): Promise<Pessoa> => {
  const { data } = await http.put<Pessoa>(
    `/pessoal/pessoas/${encodeURIComponent(id)}`,
    toMultipart(dados, { foto }),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarPessoa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarPessoa, onSuccess: (pessoa) => pessoaSaved(queryClient, pessoa) });
};
