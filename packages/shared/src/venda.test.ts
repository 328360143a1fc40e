import { describe, expect, it } from 'vitest';
import { calcularPagamento, calcularVenda, parcelar, valorTaxa, valoresDevolviveis } from './venda.ts';

describe('calcularVenda', () => {
  it('sums items, applies item and sale discounts and adds freight', () => {
    const r = calcularVenda({
      itens: [
        { quantidade: 2, valorUnitario: 19.9 },
        { quantidade: 1.5, valorUnitario: 10, desconto: 10, tipoDesconto: 'Percentual' },
      ],
      desconto: 5,
      tipoDesconto: 'Valor',
      valorEntregaFrete: 8,
      pagamentos: [{ valor: 20 }],
    });
    expect(r.itens).toEqual([
      { valorBruto: 39.8, valorDesconto: 0, valorTotal: 39.8 },
      { valorBruto: 15, valorDesconto: 1.5, valorTotal: 13.5 },
    ]);
    expect(r.valorBruto).toBe(54.8);
    expect(r.valorDescontos).toBe(6.5);
    expect(r.valorLiquido).toBe(56.3);
    expect(r.valorPago).toBe(20);
    expect(r.valorEmAberto).toBe(36.3);
  });

  it('rounds a percent discount to the cent and never discounts more than the total', () => {
    const r = calcularVenda({ itens: [{ quantidade: 3, valorUnitario: 3.33 }], desconto: 10, tipoDesconto: 'Percentual' });
    expect(r.valorBruto).toBe(9.99);
    expect(r.valorDescontoVenda).toBe(1);
    expect(r.valorLiquido).toBe(8.99);
    const cap = calcularVenda({ itens: [{ quantidade: 1, valorUnitario: 5, desconto: 9, tipoDesconto: 'Valor' }] });
    expect(cap.valorLiquido).toBe(0);
  });

  it('computes fractional quantities exactly: 0.333 kg × R$ 29,90', () => {
    expect(calcularVenda({ itens: [{ quantidade: 0.333, valorUnitario: 29.9 }] }).valorLiquido).toBe(9.96);
  });
});

describe('calcularPagamento', () => {
  it('gives change for cash and caps what it pays at the open balance', () => {
    expect(calcularPagamento('dinheiro', 37.5, 50)).toEqual({ valor: 37.5, troco: 12.5, excedeAberto: false });
  });
  it('flags other methods paying more than is open', () => {
    expect(calcularPagamento('cartao_credito', 10, 10.01).excedeAberto).toBe(true);
    expect(calcularPagamento('pix', 10, 10)).toEqual({ valor: 10, troco: 0, excedeAberto: false });
  });
});

describe('parcelar and valorTaxa', () => {
  it('splits into installments that add up to the cent', () => {
    expect(parcelar(100, 3)).toEqual([33.34, 33.33, 33.33]);
  });
  it('computes a fee rounded to the cent', () => {
    expect(valorTaxa(100, 2.49)).toBe(2.49);
    expect(valorTaxa(33.33, 3.99)).toBe(1.33);
  });
});

describe('valoresDevolviveis', () => {
  it('prorates the sale discount so a full return refunds exactly what was paid for goods', () => {
    const itens = [
      { valorTotal: 30, quantidade: 3 },
      { valorTotal: 70, quantidade: 1 },
    ];
    const r = valoresDevolviveis(itens, 10);
    expect(r).toEqual([
      { valorLiquidoItem: 27, valorUnitario: 9 },
      { valorLiquidoItem: 63, valorUnitario: 63 },
    ]);
  });
});
