/**
 * What a return refunds, computed on the screen exactly as the API does (issue #4 item 7,
 * DOMAIN.md §6): per unit the item's net value less its share of the sale discount
 * (`valoresDevolviveis`), times the quantity; returning all that is left of a line refunds the
 * rest of its net value to the cent. Quantities follow the unit's fraction rule (spec §4).
 */
import { fromCents, roundQuantidade, toCents } from '@petshop/shared/format';
import { multiplyCents, toMilesimos, valoresDevolviveis, type Venda } from '@petshop/shared/venda';

export type LinhaDevolvivel = {
  vendaItemId: string;
  descricao: string;
  unidade: { sigla: string; permiteVendaFracionada: boolean };
  vendido: number;
  jaDevolvido: number;
  /** vendido − jaDevolvido: the most this return may take. */
  restante: number;
  /** Refund per unit (reais). */
  valorUnitario: number;
  /** What is still refundable of the line (reais): its net value less what returns took. */
  valorRestante: number;
};

/** The sale discount alone (valorDescontos − valorDescontoItens), in reais. */
export const descontoDaVenda = (venda: Pick<Venda, 'valorDescontos' | 'valorDescontoItens'>): number =>
  fromCents(toCents(venda.valorDescontos) - toCents(venda.valorDescontoItens));

/** The lines of a sale as a return sees them. */
export function linhasDevolviveis(venda: Pick<Venda, 'itens' | 'valorDescontos' | 'valorDescontoItens'>): LinhaDevolvivel[] {
  const valores = valoresDevolviveis(venda.itens, descontoDaVenda(venda));
  return venda.itens.map((item, i) => {
    const valor = valores[i] ?? { valorLiquidoItem: 0, valorUnitario: 0 };
    const restanteMil = Math.max(0, toMilesimos(item.quantidade) - toMilesimos(item.quantidadeDevolvida));
    const jaDevolvidoCentavos = multiplyCents(toCents(valor.valorUnitario), item.quantidadeDevolvida);
    return {
      vendaItemId: item.id,
      descricao: item.descricao || item.produto.nome,
      unidade: item.produto.unidadeMedida,
      vendido: item.quantidade,
      jaDevolvido: item.quantidadeDevolvida,
      restante: restanteMil / 1000,
      valorUnitario: valor.valorUnitario,
      valorRestante: fromCents(Math.max(0, toCents(valor.valorLiquidoItem) - jaDevolvidoCentavos)),
    };
  });
}

/**
 * A typed quantity made valid for the line: rounded by the unit's fraction rule, between 0
 * and what is left to return.
 */
export const quantidadeValida = (linha: LinhaDevolvivel, quantidade: number): number => {
  if (!Number.isFinite(quantidade) || quantidade <= 0) return 0;
  return Math.min(roundQuantidade(quantidade, linha.unidade.permiteVendaFracionada), linha.restante);
};

/** The refund of returning `quantidade` of a line (reais); everything left → the rest, to the cent. */
export const valorDevolucaoLinha = (linha: LinhaDevolvivel, quantidade: number): number => {
  const q = quantidadeValida(linha, quantidade);
  if (q <= 0) return 0;
  if (toMilesimos(q) === toMilesimos(linha.restante)) return linha.valorRestante;
  return fromCents(Math.min(multiplyCents(toCents(linha.valorUnitario), q), toCents(linha.valorRestante)));
};

/** The refund of a whole return (reais). */
export const totalDevolucao = (linhas: readonly LinhaDevolvivel[], quantidades: Readonly<Record<string, number>>): number =>
  fromCents(linhas.reduce((s, l) => s + toCents(valorDevolucaoLinha(l, quantidades[l.vendaItemId] ?? 0)), 0));
