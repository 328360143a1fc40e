/**
 * The clinic's settings resources (issue #19; spec §7 "Clinic"), tenant-wide: /clinica/vacinas,
 * /clinica/vacinas/protocolos and /clinica/modelos-documento — list (page, pageSize, query and the
 * contract's filters), create, get, update, delete (refused while in use: deactivate instead).
 * One `createCrudApi` each serves the settings screens (lib/crud); the endpoint files beside it
 * (list-vacinas.ts, salvar-vacina.ts…) name its calls for the rest of the feature. A write
 * refreshes every clinic read (['clinica']): the chart shows vaccine, protocol and template names.
 */
import type {
  Protocolo,
  ProtocoloInputParsed,
  Vacina,
  VacinaInputParsed,
  ModeloDocumento,
  ModeloDocumentoInputParsed,
} from '@petshop/shared/clinica';
import { createCrudApi, type ResourceKeys } from '#lib/crud/crud-api.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** ['clinica'] as a related resource: only `all` is read (invalidated by prefix). */
const clinicaInteira: ResourceKeys = {
  all: queryKeys.clinica,
  lists: () => queryKeys.clinica,
  list: () => queryKeys.clinica,
  details: () => queryKeys.clinica,
  detail: () => queryKeys.clinica,
};

export const vacinasApi = createCrudApi<Vacina, VacinaInputParsed>({
  path: '/clinica/vacinas',
  keys: queryKeys.vacinas,
  related: [clinicaInteira],
});

export const protocolosApi = createCrudApi<Protocolo, ProtocoloInputParsed>({
  path: '/clinica/vacinas/protocolos',
  keys: queryKeys.protocolosVacina,
  related: [clinicaInteira],
});

export const modelosDocumentoApi = createCrudApi<ModeloDocumento, ModeloDocumentoInputParsed>({
  path: '/clinica/modelos-documento',
  keys: queryKeys.modelosDocumento,
  related: [clinicaInteira],
});
