import type { Venda } from '@petshop/shared/venda';
import { useVendaWrite } from './invalidate-pdv.ts';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/** POST /pdv/transformar-orcamento-em-venda `{ id }` → the new sale (quote prices kept; quote Convertido). */
export const transformarOrcamentoEmVenda = async (id: string): Promise<Venda> => {
  const { data } = await http.post<Venda>(`${BASE}/transformar-orcamento-em-venda`, { id });
  return data;
};

export const useTransformarOrcamentoEmVenda = () => useVendaWrite(transformarOrcamentoEmVenda);
