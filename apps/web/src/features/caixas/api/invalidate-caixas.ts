import type { QueryClient } from '@tanstack/react-query';

/**
 * After a register write (open, movement, close): registers, their movements and the till's
 * register list (['comercial']), and what a deposit or transfer touched — customer credit and
 * account balances (['financeiro']), the customer's page (['pessoal', 'pessoas']).
 */
export const caixaAlterado = (queryClient: QueryClient): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['comercial'] }),
    queryClient.invalidateQueries({ queryKey: ['financeiro'] }),
    queryClient.invalidateQueries({ queryKey: ['pessoal', 'pessoas'] }),
  ]);
