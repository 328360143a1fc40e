/** GET /clinica/modelos-documento/{id} → ModeloDocumento; 404 when it is not the tenant's. */
import type { ModeloDocumento } from '@petshop/shared/clinica';
import { useSuspenseQuery } from '@tanstack/react-query';
import { modelosDocumentoApi } from './cadastros-clinica.ts';

export const getModeloDocumento = (id: string): Promise<ModeloDocumento> => modelosDocumentoApi.get(id);

export const modeloDocumentoQueryOptions = (id: string) => modelosDocumentoApi.detailQueryOptions(id);

/** The template (the route's loader has put it in the cache first). */
export const useModeloDocumento = (id: string) => useSuspenseQuery(modeloDocumentoQueryOptions(id));
