import { describe, expect, it } from 'vitest';
import {
  descontoDaVenda,
  linhasDevolviveis,
  quantidadeValida,
  totalDevolucao,
  valorDevolucaoLinha,
} from './devolucao-calculo.ts';
import { ITEM_KG, ITEM_UN, vendaFinalizada } from './venda-fixture.ts';

describe('what a return refunds', () => {
  const venda = vendaFinalizada();
  const [un, kg] = linhasDevolviveis(venda);
  if (!un || !kg) throw new Error('fixture');

  it('prorates the sale discount over the items and leaves out what earlier returns took', () => {
    expect(descontoDaVenda(venda)).toBe(5.99);
    // R$ 5,99 split 300/299 cents by the items' net totals (30,00 and 29,85).
    expect(un).toMatchObject({ vendido: 3, jaDevolvido: 1, restante: 2, valorUnitario: 9, valorRestante: 18 });
    expect(kg).toMatchObject({ vendido: 1.5, jaDevolvido: 0, restante: 1.5, valorUnitario: 17.91, valorRestante: 26.86 });
  });

  it('caps and rounds quantities by the unit of measure', () => {
    expect(quantidadeValida(un, 5)).toBe(2);
    expect(quantidadeValida(un, 1.4)).toBe(1);
    expect(quantidadeValida(kg, 0.3334)).toBe(0.333);
    expect(quantidadeValida(kg, -1)).toBe(0);
    expect(quantidadeValida(kg, Number.NaN)).toBe(0);
  });

  it('refunds per unit, and exactly the rest of the line when all that is left goes back', () => {
    expect(valorDevolucaoLinha(un, 1)).toBe(9);
    expect(valorDevolucaoLinha(kg, 1)).toBe(17.91);
    // 1,5 × 17,91 would be 26,87: the rest of the line is 26,86.
    expect(valorDevolucaoLinha(kg, 1.5)).toBe(26.86);
    expect(totalDevolucao([un, kg], { [ITEM_UN]: 2, [ITEM_KG]: 1.5 })).toBe(44.86);
    expect(totalDevolucao([un, kg], {})).toBe(0);
  });

  it('returning everything of a sale without earlier returns gives back what was paid for the goods', () => {
    const inteira = vendaFinalizada({
      itens: vendaFinalizada().itens.map((i) => ({ ...i, quantidadeDevolvida: 0 })),
      valorEntregaFrete: 5,
    });
    const linhas = linhasDevolviveis(inteira);
    const tudo = Object.fromEntries(linhas.map((l) => [l.vendaItemId, l.restante]));
    // 53,86 paid for the goods; freight is not refunded.
    expect(totalDevolucao(linhas, tudo)).toBe(53.86);
  });
});
