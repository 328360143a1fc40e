import type { Venda, VendaInput } from '@petshop/shared/venda';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/** POST /pdv/adicionar-desconto `{ venda, itemId?, desconto, tipoDesconto }`: a discount on a line or the sale. */
export const adicionarDesconto = async (vars: {
  venda: VendaInput;
  itemId?: string | undefined;
  desconto: number;
  tipoDesconto: 'Percentual' | 'Valor';
}): Promise<Venda> => {
  const { data } = await http.post<Venda>(`${BASE}/adicionar-desconto`, vars);
  return data;
};
