import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After a register write (open, movement, close): registers, their movements and the till's
 * register list (['comercial']), and what a deposit or transfer touched — customer credit and
 * account balances (['financeiro']), the customer's page (['pessoal', 'pessoas']).
 */
export const caixaAlterado = (queryClient: QueryClient): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.area.comercial }),
    queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.all }),
  ]);
