/**
 * GET /clinica/planejamentos/doses-devidas?dias= → DosesDevidas: the selected unit's pending vaccine
 * doses due in the next `dias` days and those overdue (issue #19 item 7), with each pet's tutor.
 */
import type { DosesDevidas } from '@petshop/shared/clinica';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export const getDosesDevidas = async (dias: number): Promise<DosesDevidas> => {
  const { data } = await http.get<DosesDevidas>('/clinica/planejamentos/doses-devidas', { params: { dias } });
  return data;
};

export const useDosesDevidas = (dias: number) =>
  useQuery({ queryKey: queryKeys.dosesDevidas(dias), queryFn: () => getDosesDevidas(dias) });
