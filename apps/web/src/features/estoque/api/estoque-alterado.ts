import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After a stock write (adjustment, bag opened): every stock read (['estoque']: position,
 * totals, ledger, lots) and the products, whose list and form show the unit's balance.
 */
export const estoqueAlterado = (queryClient: QueryClient): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.area.estoque }),
    queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }),
  ]);
