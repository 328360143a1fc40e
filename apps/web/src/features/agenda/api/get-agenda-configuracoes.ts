import type { AgendaConfiguracoes } from '@petshop/shared/agenda';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /agenda/configuracoes → the selected unit's AgendaConfiguracoes: opening hours of the
 * seven weekdays (domingo = 0 … sábado = 6, 'HH:mm'), slot size in minutes, pets per
 * professional and per box (the API answers defaults when the unit never saved them).
 */
export const getAgendaConfiguracoes = async (): Promise<AgendaConfiguracoes> => {
  const { data } = await http.get<AgendaConfiguracoes>('/agenda/configuracoes');
  return data;
};

export const agendaConfiguracoesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.agendaConfiguracoes, queryFn: getAgendaConfiguracoes });

/** For a screen whose loader ensured the data. */
export const useAgendaConfiguracoes = () => useSuspenseQuery(agendaConfiguracoesQueryOptions());

/** For a screen that only needs the settings beside its own data (the calendar's slot size, hours). */
export const useAgendaConfiguracoesQuery = () => useQuery(agendaConfiguracoesQueryOptions());
