import type { Pessoa, pessoaEnderecoInputSchema } from '@petshop/shared/pessoa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { pessoaSaved } from './invalidate-pessoas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type AlterarPessoaEnderecoVariables = {
  id: string;
  dados: z.output<typeof pessoaEnderecoInputSchema>;
  idempotencyKey?: string;
};

/** PUT /pessoal/pessoas/{id}/endereco (JSON): replaces the address → the whole Pessoa. */
export const alterarPessoaEndereco = async ({ id, dados, idempotencyKey }: AlterarPessoaEnderecoVariables): Promise<Pessoa> => {
  const { data } = await http.put<Pessoa>(
    `/pessoal/pessoas/${encodeURIComponent(id)}/endereco`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarPessoaEndereco = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarPessoaEndereco, onSuccess: (pessoa) => pessoaSaved(queryClient, pessoa) });
};
