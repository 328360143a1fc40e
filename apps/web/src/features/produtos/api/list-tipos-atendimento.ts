import type { TipoAtendimento } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPTIONS_PARAMS } from '#lib/crud/crud-api.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /agenda/tipos-atendimento?page=1&pageSize=100 → Page<TipoAtendimento>: the tenant's
 * appointment types (active and inactive, by name), for the package section of a service's form
 * (issue #17 item 6). Same key as the agenda's list, so a type saved there refreshes this.
 */
export const listTiposAtendimento = async (): Promise<Page<TipoAtendimento>> => {
  const { data } = await http.get<Page<TipoAtendimento>>('/agenda/tipos-atendimento', { params: OPTIONS_PARAMS });
  return data;
};

export const tiposAtendimentoOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tiposAtendimento.list({ ...OPTIONS_PARAMS }),
    queryFn: listTiposAtendimento,
  });

/** The types for a select; `enabled` false: not fetched (the package switch is off). */
export const useTiposAtendimentoOptions = (enabled = true) => useQuery({ ...tiposAtendimentoOptionsQueryOptions(), enabled });
