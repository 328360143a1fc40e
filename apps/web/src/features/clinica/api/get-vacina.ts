/** GET /clinica/vacinas/{id} → Vacina; 404 when it is not the tenant's. */
import type { Vacina } from '@petshop/shared/clinica';
import { useSuspenseQuery } from '@tanstack/react-query';
import { vacinasApi } from './cadastros-clinica.ts';

export const getVacina = (id: string): Promise<Vacina> => vacinasApi.get(id);

export const vacinaQueryOptions = (id: string) => vacinasApi.detailQueryOptions(id);

/** The vaccine (the route's loader has put it in the cache first). */
export const useVacina = (id: string) => useSuspenseQuery(vacinaQueryOptions(id));
