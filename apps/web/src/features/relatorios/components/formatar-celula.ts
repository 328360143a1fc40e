/**
 * How a report screen shows a cell by its column's type (issue #20, spec §3/§9): money
 * 'R$ 1.234,56', dates 'dd/MM/yyyy', integers '1.234', quantities with up to 3 decimals
 * ('1.234,5'), percentages '12,34 %'; text as is. Numbers are right-aligned.
 */
import { formatDate, formatDecimal, formatMoney } from '@petshop/shared/format';

export type TipoColuna = 'texto' | 'dinheiro' | 'data' | 'inteiro' | 'quantidade' | 'percentual';

const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const quantidade = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/** Whether the type is a number (right-aligned). */
export const ehNumerico = (tipo: TipoColuna | undefined): boolean =>
  tipo === 'dinheiro' || tipo === 'inteiro' || tipo === 'quantidade' || tipo === 'percentual';

/** The cell's text; null/undefined → '' (a money column shows '' too: an absent value is not zero). */
export const formatarCelula = (valor: string | number | null | undefined, tipo: TipoColuna = 'texto'): string => {
  if (valor === null || valor === undefined || valor === '') return '';
  if (typeof valor === 'string' && tipo !== 'data' && tipo !== 'texto' && Number.isNaN(Number(valor))) return valor;
  switch (tipo) {
    case 'dinheiro':
      return formatMoney(valor);
    case 'data':
      return formatDate(String(valor));
    case 'inteiro':
      return inteiro.format(Number(valor)).replace(/\u00a0/g, ' ');
    case 'quantidade':
      return quantidade.format(Number(valor)).replace(/\u00a0/g, ' ');
    case 'percentual':
      return `${formatDecimal(valor, 2)} %`;
    default:
      return String(valor);
  }
};
