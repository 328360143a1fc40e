import type { Venda, VendaInput } from '@petshop/shared/venda';
import { useVendaWrite } from './invalidate-pdv.ts';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/**
 * POST /pdv/deixar-venda-aberta: keeps the sale with its balance open for the customer (required).
 * A discount above the user's limit needs `autorizacaoDesconto`, as salvar-venda.
 */
export const deixarVendaAberta = async (venda: VendaInput): Promise<Venda> => {
  const { data } = await http.post<Venda>(`${BASE}/deixar-venda-aberta`, venda);
  return data;
};

export const useDeixarVendaAberta = () => useVendaWrite(deixarVendaAberta);
