/**
 * Display helpers of the stock screens: unit costs with up to 4 decimals (the ledger keeps
 * numeric(14,4): a 15 kg bag at R$ 149,90 is R$ 9,9933 per KG) and signed quantities.
 */
import { formatQuantidade, LOCALE, type UnidadeQuantidade } from '@petshop/shared/format';

const custoFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** Reais per unit, 2 to 4 decimals: 10 → 'R$ 10,00', 9.99333 → 'R$ 9,9933'. */
export const formatCusto = (value: number): string => custoFormat.format(value).replace(/\s/g, ' ');

/** A movement's quantity with its sign: +15 KG, −1 SC (0 without sign). */
export const formatQuantidadeSinal = (q: number, unidade: UnidadeQuantidade): string => {
  const texto = formatQuantidade(Math.abs(q), unidade);
  if (q > 0) return `+${texto}`;
  if (q < 0) return `−${texto}`;
  return texto;
};

/** Colour of a signed quantity: entries green, exits red. */
export const corDoSinal = (q: number): string | undefined => (q > 0 ? 'teal.8' : q < 0 ? 'red.7' : undefined);
