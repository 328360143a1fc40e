import type { Venda, VendaFinanceiroInput } from '@petshop/shared/venda';
import { useVendaWrite } from './invalidate-pdv.ts';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/**
 * POST /pdv/salvar-recebimento `{ vendaId, financeiro }`: one payment for a sale the API already
 * has; on a sale left open it is effected at once, and a sale with nothing left open is finalised.
 */
export const salvarRecebimento = async (vars: { vendaId: string; financeiro: VendaFinanceiroInput }): Promise<Venda> => {
  const { data } = await http.post<Venda>(`${BASE}/salvar-recebimento`, vars);
  return data;
};

export const useSalvarRecebimento = () => useVendaWrite(salvarRecebimento);
