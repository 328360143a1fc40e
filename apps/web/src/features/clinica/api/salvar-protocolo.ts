/**
 * POST /clinica/vacinas/protocolos (no id) or PUT /clinica/vacinas/protocolos/{id} with the
 * contract's ProtocoloInput (the ordered doses, each `intervaloDias` after the previous one; the
 * booster in days or absent) → the saved Protocolo; 400 with field errors (`doses.1.intervaloDias`,
 * `vacinaId` not of the tenant).
 */
import type { Protocolo, ProtocoloInputParsed } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { protocolosApi } from './cadastros-clinica.ts';

export type SalvarProtocoloVariables = { id?: string | undefined; dados: ProtocoloInputParsed; idempotencyKey?: string };

export const salvarProtocolo = ({ id, dados, idempotencyKey }: SalvarProtocoloVariables): Promise<Protocolo> =>
  id ? protocolosApi.update({ id, dados, idempotencyKey }) : protocolosApi.create({ dados, idempotencyKey });

/** Saves, puts the answer in the detail cache and refreshes every clinic read. */
export const useSalvarProtocolo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarProtocolo,
    onSuccess: (row) => {
      queryClient.setQueryData(protocolosApi.keys.detail(row.id), row);
      return protocolosApi.invalidate(queryClient);
    },
  });
};
