/**
 * The agenda's settings resources (issue #17; spec §7 "Agenda"): /agenda/tipos-atendimento
 * (tenant-wide), /agenda/salas and /agenda/boxes (the selected unit's) — list (page, pageSize,
 * query, ativo; types also area), create, get, update, delete (refused while in use). In lib/
 * because the agenda's screens and the product form (a package's type) both read the types.
 * A write refreshes every agenda read: the calendar and the board show names and colours.
 */
import type { Box, recursoInputSchema, Sala, TipoAtendimento, tipoAtendimentoInputSchema } from '@petshop/shared/agenda';
import type { z } from 'zod';
import { createCrudApi, type ResourceKeys } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type TipoAtendimentoInputParsed = z.output<typeof tipoAtendimentoInputSchema>;
export type SalaInputParsed = z.output<typeof recursoInputSchema>;
export type BoxInputParsed = z.output<typeof recursoInputSchema>;

/** ['agenda'] as a related resource: only `all` is read (invalidated by prefix). */
const agendaInteira: ResourceKeys = {
  all: queryKeys.agenda,
  lists: () => queryKeys.agenda,
  list: () => queryKeys.agenda,
  details: () => queryKeys.agenda,
  detail: () => queryKeys.agenda,
};

export const tiposAtendimentoApi = createCrudApi<TipoAtendimento, TipoAtendimentoInputParsed>({
  path: '/agenda/tipos-atendimento',
  keys: queryKeys.tiposAtendimento,
  related: [agendaInteira, queryKeys.produtos],
});

export const salasApi = createCrudApi<Sala, SalaInputParsed>({
  path: '/agenda/salas',
  keys: queryKeys.salas,
  related: [agendaInteira],
});

export const boxesApi = createCrudApi<Box, BoxInputParsed>({
  path: '/agenda/boxes',
  keys: queryKeys.boxes,
  related: [agendaInteira],
});
