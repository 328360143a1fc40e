/**
 * GET /clinica/vacinas/protocolos?page&pageSize&query&vacinaId&especieId&ativo → Page<Protocolo>
 * (the ordered doses with their intervals in days, the booster in days or null).
 */
import type { ListProtocolosQuery, Protocolo } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import type { ListParams } from '#lib/query-keys.ts';
import { protocolosApi } from './cadastros-clinica.ts';

export type ListProtocolosParams = Partial<ListProtocolosQuery> & ListParams;

export const listProtocolos = (params: ListProtocolosParams): Promise<Page<Protocolo>> => protocolosApi.list(params);

export const protocolosQueryOptions = (params: ListProtocolosParams) => protocolosApi.listQueryOptions(params);

/** The list; `enabled` false waits (e.g. for a filter still unknown). */
export const useProtocolos = (params: ListProtocolosParams, enabled = true) =>
  useQuery({ ...protocolosQueryOptions(params), enabled });
