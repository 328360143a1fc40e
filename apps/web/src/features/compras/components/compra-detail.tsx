/**
 * /compras/{compraId}/ (spec §2, loaded first): a draft opens in the editor; a finalised or
 * cancelled purchase is shown read only.
 */
import { CompraEditor } from './compra-editor.tsx';
import { CompraVisualizacao } from './compra-visualizacao.tsx';
import { useCompra } from '../api/get-compra.ts';

export function CompraDetail({ id }: { id: string }) {
  const { data } = useCompra(id);
  // Keyed by id and status: a draft just finalised elsewhere opens read only, never in a stale editor.
  return data.status === 'Rascunho' ? (
    <CompraEditor key={`${data.id}-editor`} compra={data} />
  ) : (
    <CompraVisualizacao key={`${data.id}-view`} compra={data} />
  );
}
