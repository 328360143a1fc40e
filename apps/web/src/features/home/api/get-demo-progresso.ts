/**
 * GET /demo/progresso → { percentual, concluido } (issue #22 item 1): how much of the demo history
 * the server has seeded since it started answering. Asked every 3 s until it is done.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type DemoProgresso = { percentual: number; concluido: boolean };

export const getDemoProgresso = async (): Promise<DemoProgresso> => {
  const { data } = await http.get<DemoProgresso>('/demo/progresso');
  return data;
};

export const useDemoProgresso = () =>
  useQuery({
    queryKey: queryKeys.demoProgresso,
    queryFn: getDemoProgresso,
    refetchInterval: (query) => (query.state.data?.concluido || query.state.error ? false : 3000),
    // An older server without the route, or a failure: no banner (the data is simply there or not).
    retry: false,
  });
