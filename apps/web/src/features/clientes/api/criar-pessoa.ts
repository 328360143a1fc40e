import type { CreatePessoaInputParsed, Pessoa } from '@petshop/shared/pessoa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pessoaSaved } from './invalidate-pessoas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';

export type CriarPessoaVariables = { dados: CreatePessoaInputParsed; foto: File | null; idempotencyKey?: string };

/**
 * POST /pessoal/pessoas, multipart: `dados` (JSON per createPessoaInputSchema) and an optional
 * `foto` → the new Pessoa; 400 `cpfCnpj` when the document is already registered.
 */
export const criarPessoa = async ({ dados, foto, idempotencyKey }: CriarPessoaVariables): Promise<Pessoa> => {
  const { data } = await http.post<Pessoa>('/pessoal/pessoas', toMultipart(dados, { foto }), idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarPessoa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: criarPessoa, onSuccess: (pessoa) => pessoaSaved(queryClient, pessoa) });
};
