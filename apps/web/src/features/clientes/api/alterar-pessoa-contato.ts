import type { Pessoa, pessoaContatoInputSchema } from '@petshop/shared/pessoa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { pessoaSaved } from './invalidate-pessoas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type AlterarPessoaContatoVariables = {
  id: string;
  dados: z.output<typeof pessoaContatoInputSchema>;
  idempotencyKey?: string;
};

/** PUT /pessoal/pessoas/{id}/contato (JSON): replaces e-mail and the whole list of phones → the whole Pessoa. */
export const alterarPessoaContato = async ({ id, dados, idempotencyKey }: AlterarPessoaContatoVariables): Promise<Pessoa> => {
  const { data } = await http.put<Pessoa>(
    `/pessoal/pessoas/${encodeURIComponent(id)}/contato`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarPessoaContato = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarPessoaContato, onSuccess: (pessoa) => pessoaSaved(queryClient, pessoa) });
};
