/**
 * The agenda's settings resources as the `CrudApi` objects that lib/crud's list and form
 * screens take (the same calls as the one-file-per-endpoint functions in ../api, which the
 * calendar, the booking form and the hours screen import; both read and write the same
 * query keys). A write refreshes every agenda read: the calendar and the board show the
 * names and colours.
 */
import type { Box, Sala, TipoAtendimento } from '@petshop/shared/agenda';
import { createCrudApi, type ResourceKeys } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';
import type { BoxInputParsed } from '../api/list-boxes.ts';
import type { SalaInputParsed } from '../api/list-salas.ts';
import type { TipoAtendimentoInputParsed } from '../api/list-tipos-atendimento.ts';

/** ['agenda'] as a related resource: only `all` is read (invalidated by prefix). */
const agendaInteira: ResourceKeys = {
  all: queryKeys.agenda,
  lists: () => queryKeys.agenda,
  list: () => queryKeys.agenda,
  details: () => queryKeys.agenda,
  detail: () => queryKeys.agenda,
};

export const tiposAtendimentoCrudApi = createCrudApi<TipoAtendimento, TipoAtendimentoInputParsed>({
  path: '/agenda/tipos-atendimento',
  keys: queryKeys.tiposAtendimento,
  related: [agendaInteira],
});

export const salasCrudApi = createCrudApi<Sala, SalaInputParsed>({
  path: '/agenda/salas',
  keys: queryKeys.salas,
  related: [agendaInteira],
});

export const boxesCrudApi = createCrudApi<Box, BoxInputParsed>({
  path: '/agenda/boxes',
  keys: queryKeys.boxes,
  related: [agendaInteira],
});
