/**
 * DELETE /clinica/vacinas/{id}; 400 with generalErrors while protocols or doses (planned or
 * applied) use it (the API suggests deactivating it); 404 when it is not the tenant's.
 */
import { vacinasApi } from './cadastros-clinica.ts';

export const excluirVacina = (id: string): Promise<void> => vacinasApi.remove(id);

/** Deletes, drops the detail and refreshes every clinic read. */
export const useExcluirVacina = () => vacinasApi.useDelete();
