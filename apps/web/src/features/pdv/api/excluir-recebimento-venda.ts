import type { Venda } from '@petshop/shared/venda';
import { useVendaWrite } from './invalidate-pdv.ts';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/** DELETE /pdv/excluir-recebimento-venda/{id}: removes a recorded payment, reversing its effects. */
export const excluirRecebimentoVenda = async (financeiroId: string): Promise<Venda> => {
  const { data } = await http.delete<Venda>(`${BASE}/excluir-recebimento-venda/${encodeURIComponent(financeiroId)}`);
  return data;
};

export const useExcluirRecebimentoVenda = () => useVendaWrite(excluirRecebimentoVenda);
