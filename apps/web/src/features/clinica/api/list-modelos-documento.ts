/**
 * GET /clinica/modelos-documento?page&pageSize&query&tipo&ativo → Page<ModeloDocumento>
 * (tipo 'receita' | 'documento'; the template's HTML with `{{variáveis}}`).
 */
import type { ListModelosDocumentoQuery, ModeloDocumento } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import type { ListParams } from '#lib/query-keys.ts';
import { modelosDocumentoApi } from './cadastros-clinica.ts';

export type ListModelosDocumentoParams = Partial<ListModelosDocumentoQuery> & ListParams;

export const listModelosDocumento = (params: ListModelosDocumentoParams): Promise<Page<ModeloDocumento>> =>
  modelosDocumentoApi.list(params);

export const modelosDocumentoQueryOptions = (params: ListModelosDocumentoParams) => modelosDocumentoApi.listQueryOptions(params);

/** The list; `enabled` false waits (e.g. for a filter still unknown). */
export const useModelosDocumento = (params: ListModelosDocumentoParams, enabled = true) =>
  useQuery({ ...modelosDocumentoQueryOptions(params), enabled });
