/**
 * Cost, markup and sale price kept consistent while the user types (issue #3: "cost, markup
 * and price kept consistent"): editing the cost or the markup recomputes the price, editing
 * the price recomputes the markup. The arithmetic is the contract's `resolverPrecos`
 * (@petshop/shared/produto), in integer cents, so the screen shows what the API will store.
 *
 * Values are what the price fields (DecimalInput) hand over: a number, '' while empty, NaN while unreadable.
 */
import { fromCents, toCents } from '@petshop/shared/format';
import { resolverPrecos } from '@petshop/shared/produto';

export type PrecoValue = number | '';
export type PrecosForm = { precoCusto: PrecoValue; markup: PrecoValue; precoVenda: PrecoValue };

const num = (v: PrecoValue | string): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Rounds to the cent through integer cents (1.005 → 1.01). */
const cents = (v: number): number => fromCents(toCents(v));

/** The cost was typed: with a markup the price follows it; without one the markup follows the price. */
export const onCustoChange = (precos: PrecosForm, precoCusto: PrecoValue | string): PrecosForm => {
  const custo = num(precoCusto);
  const markup = num(precos.markup);
  const venda = num(precos.precoVenda);
  if (custo === null) return { ...precos, precoCusto: '' };
  if (markup !== null) {
    const r = resolverPrecos({ precoCusto: custo, markup });
    return { precoCusto: cents(custo), markup: r.markup, precoVenda: r.precoVenda };
  }
  if (venda !== null) {
    const r = resolverPrecos({ precoCusto: custo, precoVenda: venda });
    return { precoCusto: cents(custo), markup: r.markup, precoVenda: r.precoVenda };
  }
  return { ...precos, precoCusto: cents(custo) };
};

/** The markup (percent) was typed: the price follows from the cost. */
export const onMarkupChange = (precos: PrecosForm, markupValue: PrecoValue | string): PrecosForm => {
  const markup = num(markupValue);
  const custo = num(precos.precoCusto);
  if (markup === null) return { ...precos, markup: '' };
  if (custo === null) return { ...precos, markup: cents(markup) };
  const r = resolverPrecos({ precoCusto: custo, markup });
  return { precoCusto: r.precoCusto, markup: cents(markup), precoVenda: r.precoVenda };
};

/** The sale price was typed: the markup follows from the cost (0 without a cost). */
export const onVendaChange = (precos: PrecosForm, precoVenda: PrecoValue | string): PrecosForm => {
  const venda = num(precoVenda);
  const custo = num(precos.precoCusto);
  if (venda === null) return { ...precos, precoVenda: '' };
  if (custo === null || custo === 0) return { ...precos, precoVenda: cents(venda) };
  const r = resolverPrecos({ precoCusto: custo, precoVenda: venda });
  return { precoCusto: r.precoCusto, markup: r.markup, precoVenda: r.precoVenda };
};

/** Profit per unit in reais (price − cost), null until both are known. */
export const lucro = (precos: PrecosForm): number | null => {
  const custo = num(precos.precoCusto);
  const venda = num(precos.precoVenda);
  return custo === null || venda === null ? null : fromCents(toCents(venda) - toCents(custo));
};
