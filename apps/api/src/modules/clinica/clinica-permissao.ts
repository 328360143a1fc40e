/**
 * Who writes in the clinic (DOMAIN.md §1; issue #19): the profiles holding `clinica`
 * (Veterinário, Gerente, Administrador) in the selected unit. Caixa and Recepção read a pet's
 * chart (`clientes`) but do not write in it: the answers carry `podeEscrever`/`editavel` false.
 */
import type { FastifyRequest } from 'fastify';
import { perfilPode, PERMISSOES } from '@petshop/shared/permissoes';

/** Whether the signed-in user holds the clinic permission in the request's unit. */
export const podeEscreverNaClinica = (request: FastifyRequest): boolean => {
  const perfilId = request.auth?.unidades.find((u) => u.unidadeNegocioId === request.unidadeNegocioId)?.perfilId;
  return perfilPode(perfilId, PERMISSOES.clinica);
};
