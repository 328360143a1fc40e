import type { Venda, VendaInput } from '@petshop/shared/venda';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/**
 * POST /pdv/snapshot `{ venda, registro }`: stores the in-progress sale (items, customer,
 * discounts; no payments) and the whole working record for recovery. Runs every few seconds
 * while the cashier works, silently: its failures are shown by the autosave indicator.
 */
export const salvarSnapshot = async (venda: VendaInput, registro: Record<string, unknown>): Promise<Venda> => {
  const { data } = await http.post<Venda>(`${BASE}/snapshot`, { venda, registro }, { silent: true });
  return data;
};
