import type { ProdutoPdv } from '@petshop/shared/produto';
import { http } from '../http/http.ts';

/**
 * GET /inventario/produtos/busca-pdv?q= → up to 20 active products: the exact barcode, else the
 * exact internal code, else names containing the text (accent- and case-insensitive). The till's
 * search and a purchase's product search read it, each under its own key.
 */
export const listProdutosPdv = async (q: string, signal?: AbortSignal): Promise<ProdutoPdv[]> => {
  const { data } = await http.get<ProdutoPdv[]>('/inventario/produtos/busca-pdv', { params: { q }, signal });
  return data;
};
