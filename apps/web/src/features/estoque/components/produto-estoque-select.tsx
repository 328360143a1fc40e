/**
 * A product picked by name, code or barcode among the products that control stock
 * (GET /estoques?query=), for the ledger's product filter and the bag opening; its name comes
 * from the catalogue when the id arrives through the URL.
 */
import type { PosicaoEstoque } from '@petshop/shared/estoque';
import { formatQuantidade } from '@petshop/shared/format';
import { ProdutoSelect, type ProdutoSelectProps } from '#lib/produtos/produto-select.tsx';
import { buscaEstoqueQueryOptions } from '../api/list-posicao-estoque.ts';

type ProdutoEstoqueSelectProps = Omit<
  ProdutoSelectProps<PosicaoEstoque>,
  'busca' | 'idOf' | 'nomeOf' | 'labelOf' | 'nomePeloId'
> & {
  /** Shows the balance beside each name. */
  mostrarSaldo?: boolean;
};

const idOf = (p: PosicaoEstoque) => p.produtoId;
const nomeOf = (p: PosicaoEstoque) => p.nome;
const comSaldo = (p: PosicaoEstoque) =>
  `${p.nome} — ${formatQuantidade(p.quantidade, { sigla: p.unidadeSigla, permiteVendaFracionada: p.permiteVendaFracionada })}`;

export function ProdutoEstoqueSelect({ mostrarSaldo = false, ...props }: ProdutoEstoqueSelectProps) {
  return (
    <ProdutoSelect
      {...props}
      busca={buscaEstoqueQueryOptions}
      idOf={idOf}
      nomeOf={nomeOf}
      labelOf={mostrarSaldo ? comSaldo : nomeOf}
      nomePeloId
    />
  );
}
