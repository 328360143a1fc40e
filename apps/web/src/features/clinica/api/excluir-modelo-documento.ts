/** DELETE /clinica/modelos-documento/{id}; 404 when it is not the tenant's (documents issued keep their text). */
import { modelosDocumentoApi } from './cadastros-clinica.ts';

export const excluirModeloDocumento = (id: string): Promise<void> => modelosDocumentoApi.remove(id);

/** Deletes, drops the detail and refreshes every clinic read. */
export const useExcluirModeloDocumento = () => modelosDocumentoApi.useDelete();
