import type { Box } from '@petshop/shared/agenda';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /agenda/boxes/{id} → Box; 404 when it is not in the selected unit. */
export const getBox = async (id: string): Promise<Box> => {
  const { data } = await http.get<Box>(`/agenda/boxes/${encodeURIComponent(id)}`);
  return data;
};

export const boxQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.boxes.detail(id), queryFn: () => getBox(id) });

export const useBox = (id: string) => useSuspenseQuery(boxQueryOptions(id));
