import type { Venda } from '@petshop/shared/venda';
import { useVendaWrite } from './invalidate-pdv.ts';
import { http } from '#lib/http/http.ts';

const BASE = '/comercial/pdv';

/**
 * DELETE /pdv/excluir-venda/{id} `{ motivo }`: cancels the sale or quote, reversing stock, cash,
 * receivables and credit; the reason is required once the sale did anything (400 `motivo`).
 */
export const excluirVenda = async ({ id, motivo }: { id: string; motivo?: string }): Promise<Venda> => {
  const { data } = await http.delete<Venda>(`${BASE}/excluir-venda/${encodeURIComponent(id)}`, {
    data: motivo ? { motivo } : {},
  });
  return data;
};

export const useExcluirVenda = () => useVendaWrite(excluirVenda);
