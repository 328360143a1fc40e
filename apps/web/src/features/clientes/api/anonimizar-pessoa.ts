import type { AnonimizarPessoaInput } from '@petshop/shared/lgpd';
import type { Pessoa } from '@petshop/shared/pessoa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { pessoaSaved } from './invalidate-pessoas.ts';

/**
 * POST /pessoal/pessoas/{id}/lgpd/anonimizar (LGPD, irreversible; permission dados-pessoais) with
 * the confirmation word and the reason → the anonymised Pessoa. 400 `errors.confirmacao` /
 * `errors.motivo`, or generalErrors "Cliente já anonimizado".
 */
export const anonimizarPessoa = async ({ id, dados }: { id: string; dados: AnonimizarPessoaInput }): Promise<Pessoa> => {
  const { data } = await http.post<Pessoa>(`/pessoal/pessoas/${encodeURIComponent(id)}/lgpd/anonimizar`, dados);
  return data;
};

export const useAnonimizarPessoa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: anonimizarPessoa, onSuccess: (pessoa) => pessoaSaved(queryClient, pessoa) });
};
