/**
 * GET /clinica/vacinas?page&pageSize&query&especieId&ativo → Page<Vacina> (name, manufacturer,
 * species, the product with its price at the unit, controlaLote). `especieId` keeps the vaccines
 * of that species or of any species; `ativo` is 'true' | 'false'.
 */
import type { ListVacinasQuery, Vacina } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import type { ListParams } from '#lib/query-keys.ts';
import { vacinasApi } from './cadastros-clinica.ts';

export type ListVacinasParams = Partial<ListVacinasQuery> & ListParams;

export const listVacinas = (params: ListVacinasParams): Promise<Page<Vacina>> => vacinasApi.list(params);

export const vacinasQueryOptions = (params: ListVacinasParams) => vacinasApi.listQueryOptions(params);

/** The list; `enabled` false waits (e.g. for a filter still unknown). */
export const useVacinas = (params: ListVacinasParams, enabled = true) => useQuery({ ...vacinasQueryOptions(params), enabled });
