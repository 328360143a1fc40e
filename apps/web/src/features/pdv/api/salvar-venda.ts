import type { Venda, VendaInput } from '@petshop/shared/venda';
import { useVendaWrite } from './invalidate-pdv.ts';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/**
 * POST /pdv/salvar-venda (vendaInputSchema): a quote is saved (validity default +7 days); a sale
 * is finalised in one transaction — stock out, cash in the register, receivables, credit used —
 * and must have nothing open. Again on a finalised sale: the same answer, nothing done twice.
 * A discount above the user's limit: 400 `autorizacaoDesconto` unless `autorizacaoDesconto`
 * (a manager's e-mail and password) is sent (issue #22 item 4).
 */
export const salvarVenda = async (venda: VendaInput): Promise<Venda> => {
  const { data } = await http.post<Venda>(`${BASE}/salvar-venda`, venda);
  return data;
};

export const useSalvarVenda = () => useVendaWrite(salvarVenda);
