/** Display helpers of the purchase screens. */
import { formatQuantidade, LOCALE } from '@petshop/shared/format';

const custoFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** Reais per unit, 2 to 4 decimals (numeric(14,4)): 11.525 → 'R$ 11,525'. */
export const formatCusto = (value: number): string => custoFormat.format(value).replace(/\s/g, ' ');

/** A quantity in the supplier's unit as on the invoice (up to 4 decimals): '1 CX', '2,5 KG'. */
export const formatQuantidadeNota = (q: number, unidade: string | null): string =>
  `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 4 }).format(q)}${unidade ? ` ${unidade}` : ''}`;

/** A quantity in the shop's unit. */
export const formatQtd = (q: number, unidade: { sigla: string; permiteVendaFracionada: boolean } | null | undefined): string =>
  formatQuantidade(q, unidade ?? { sigla: '', permiteVendaFracionada: true });
