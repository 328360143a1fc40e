import type { Pessoa, pessoaDadosPessoaisInputSchema } from '@petshop/shared/pessoa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { pessoaSaved } from './invalidate-pessoas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type AlterarPessoaDadosPessoaisVariables = {
  id: string;
  dados: z.output<typeof pessoaDadosPessoaisInputSchema>;
  idempotencyKey?: string;
};

/** PUT /pessoal/pessoas/{id}/dados-pessoais (JSON): replaces name, documents, birth date, sex, how they found the shop, notes and marketing consent → the whole Pessoa. */
export const alterarPessoaDadosPessoais = async ({
  id,
  dados,
  idempotencyKey,
}: AlterarPessoaDadosPessoaisVariables): Promise<Pessoa> => {
  const { data } = await http.put<Pessoa>(
    `/pessoal/pessoas/${encodeURIComponent(id)}/dados-pessoais`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarPessoaDadosPessoais = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarPessoaDadosPessoais, onSuccess: (pessoa) => pessoaSaved(queryClient, pessoa) });
};
