/**
 * DELETE /clinica/vacinas/protocolos/{id}; 400 with generalErrors while pets have doses planned
 * from it (deactivate it instead); 404 when it is not the tenant's.
 */
import { protocolosApi } from './cadastros-clinica.ts';

export const excluirProtocolo = (id: string): Promise<void> => protocolosApi.remove(id);

/** Deletes, drops the detail and refreshes every clinic read. */
export const useExcluirProtocolo = () => protocolosApi.useDelete();
