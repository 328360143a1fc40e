import { describe, expect, it } from 'vitest';
import { atualizarPrecosVendaInputSchema, precoMantendoMargem } from './compra.ts';

describe('precoMantendoMargem (issue #15)', () => {
  it('keeps the ratio of price to cost, to the cent', () => {
    expect(precoMantendoMargem(20, 5, 6.5)).toBe(26);
    expect(precoMantendoMargem(19.9, 9, 11.53)).toBe(25.49);
    expect(precoMantendoMargem(20, 5, 7.6)).toBe(30.4);
    expect(precoMantendoMargem(10, 3, 4)).toBe(13.33);
  });

  it('without a cost before, keeps the price', () => {
    expect(precoMantendoMargem(20, 0, 7)).toBe(20);
  });
});

describe('atualizarPrecosVendaInputSchema', () => {
  it('reads pt-BR prices, rounds to the cent and refuses empty lists and prices not above zero', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(atualizarPrecosVendaInputSchema.parse({ precos: [{ produtoId: id, precoVenda: '1.234,567' }] })).toEqual({
      precos: [{ produtoId: id, precoVenda: 1234.57 }],
    });
    expect(atualizarPrecosVendaInputSchema.safeParse({ precos: [] }).success).toBe(false);
    const zero = atualizarPrecosVendaInputSchema.safeParse({ precos: [{ produtoId: id, precoVenda: 0 }] });
    expect(zero.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['precos.0.precoVenda', 'Preço de venda deve ser maior que zero'],
    ]);
  });
});
