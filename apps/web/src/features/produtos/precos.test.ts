import { describe, expect, it } from 'vitest';
import { lucro, onCustoChange, onMarkupChange, onVendaChange, type PrecosForm } from './precos.ts';

const vazio: PrecosForm = { precoCusto: '', markup: '', precoVenda: '' };

describe('cost, markup and sale price kept consistent', () => {
  it('editing the cost with a markup recomputes the price', () => {
    const precos = onCustoChange({ ...vazio, markup: 50 }, 100);
    expect(precos).toEqual({ precoCusto: 100, markup: 50, precoVenda: 150 });
    expect(onCustoChange(precos, 80)).toEqual({ precoCusto: 80, markup: 50, precoVenda: 120 });
  });

  it('editing the markup recomputes the price from the cost, rounded to the cent', () => {
    const precos = onMarkupChange({ ...vazio, precoCusto: 10 }, 33.33);
    expect(precos).toEqual({ precoCusto: 10, markup: 33.33, precoVenda: 13.33 });
    // 19.99 × 1.35 = 26.9865 → 26.99 (half away from zero, in cents)
    expect(onMarkupChange({ ...vazio, precoCusto: 19.99 }, 35).precoVenda).toBe(26.99);
  });

  it('editing the price recomputes the markup (2 decimals)', () => {
    expect(onVendaChange({ precoCusto: 80, markup: 50, precoVenda: 120 }, 100)).toEqual({
      precoCusto: 80,
      markup: 25,
      precoVenda: 100,
    });
    expect(onVendaChange({ precoCusto: 3, markup: '', precoVenda: '' }, 10).markup).toBe(233.33);
  });

  it('without a cost the price stands alone and the markup waits', () => {
    expect(onVendaChange(vazio, 59.9)).toEqual({ precoCusto: '', markup: '', precoVenda: 59.9 });
    expect(onMarkupChange(vazio, 40)).toEqual({ precoCusto: '', markup: 40, precoVenda: '' });
    // A cost typed after the price fills in the markup.
    expect(onCustoChange({ ...vazio, precoVenda: 59.9 }, 35)).toEqual({ precoCusto: 35, markup: 71.14, precoVenda: 59.9 });
  });

  it('keeps money exact in cents (no binary floating point drift)', () => {
    const precos = onMarkupChange({ ...vazio, precoCusto: 0.1 }, 200);
    expect(precos.precoVenda).toBe(0.3);
    expect(lucro({ precoCusto: 0.1, markup: '', precoVenda: 0.3 })).toBe(0.2);
    expect(onCustoChange({ ...vazio, markup: 10 }, 1.005)).toEqual({ precoCusto: 1.01, markup: 10, precoVenda: 1.11 });
  });

  it('clearing a field leaves the others as they are', () => {
    const precos: PrecosForm = { precoCusto: 10, markup: 50, precoVenda: 15 };
    expect(onCustoChange(precos, '')).toEqual({ ...precos, precoCusto: '' });
    expect(onVendaChange(precos, '')).toEqual({ ...precos, precoVenda: '' });
  });
});
