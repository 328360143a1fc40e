import type { Pessoa } from '@petshop/shared/pessoa';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/** After a person is saved: their detail takes the answer, the lists reload. */
export const pessoaSaved = (queryClient: QueryClient, pessoa: Pessoa) => {
  queryClient.setQueryData(queryKeys.pessoas.detail(pessoa.id), pessoa);
  return queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.lists() });
};
