import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/** After any write: the whole finance area (lists, details, balances, overview, receipts). */
export const useInvalidarFinanceiro = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro });
};
