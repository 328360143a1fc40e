/**
 * The figures both sales reports carry on every row and in their totals (issue #20;
 * @petshop/shared/relatorios-vendas `figurasShape`): net quantity, revenue, cost, margin in R$
 * and in % of the revenue, and the share of the period's whole revenue — how the SQL writes them
 * (`figurasJsonSql`), how a row read back is typed (`FigurasLidas`, `lerFiguras`) and their
 * export columns (`colunasFigurasVendas`). Used by vendas-por-produto.ts and
 * vendas-por-categoria.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { num } from '../../db/rows.ts';
import type { ColunaRelatorio } from './relatorio.ts';

type Num = number | string;

/** Figures as the database answers them inside json (numbers or numeric strings; null stays null). */
export type FigurasLidas = {
  quantidade: Num;
  faturamento: Num;
  custo: Num;
  margem: Num;
  margemPercentual: Num | null;
  participacao: Num | null;
};

/** The figures as the answer carries them: reais, quantities and percentages (0–100) as numbers. */
export type FigurasVendas = {
  quantidade: number;
  faturamento: number;
  custo: number;
  margem: number;
  margemPercentual: number | null;
  participacao: number | null;
};

/** `f` with its figures as numbers (the other fields as they are). */
export const lerFiguras = <F extends FigurasLidas>(f: F) => ({
  ...f,
  quantidade: num(f.quantidade),
  faturamento: num(f.faturamento),
  custo: num(f.custo),
  margem: num(f.margem),
  margemPercentual: f.margemPercentual === null ? null : num(f.margemPercentual),
  participacao: f.participacao === null ? null : num(f.participacao),
});

/**
 * The json of the figures of the rows of a CTE with unrounded `r` (revenue), `c` (cost), `q`
 * (quantity) summed by `agregar`; `base` = the period's whole revenue (for the share).
 * Revenue and cost rounded to the cent first; the margin is their difference; percentages with
 * 2 decimals, null when the divisor is 0.
 */
export const figurasJsonSql = (q: SQL, r: SQL, c: SQL, base: SQL): SQL =>
  sql`'quantidade', ${q}, 'faturamento', round(${r}, 2), 'custo', round(${c}, 2),
      'margem', round(${r}, 2) - round(${c}, 2),
      'margemPercentual', round((round(${r}, 2) - round(${c}, 2)) * 100 / nullif(round(${r}, 2), 0), 2),
      'participacao', round(${r} * 100 / nullif(${base}, 0), 2)`;

/** The figures' export columns (CSV/XLSX/PDF), after each report's own first columns. */
export const colunasFigurasVendas = <L extends FigurasVendas, T extends FigurasVendas>(): ColunaRelatorio<L, T>[] => [
  { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.quantidade, total: (t) => t.quantidade, larguraPdf: 'auto' },
  { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento, larguraPdf: 'auto' },
  { titulo: 'Custo', tipo: 'dinheiro', valor: (l) => l.custo, total: (t) => t.custo, larguraPdf: 'auto' },
  { titulo: 'Margem', tipo: 'dinheiro', valor: (l) => l.margem, total: (t) => t.margem, larguraPdf: 'auto' },
  {
    titulo: 'Margem (%)',
    tipo: 'percentual',
    valor: (l) => l.margemPercentual,
    total: (t) => t.margemPercentual,
    larguraPdf: 'auto',
  },
  {
    titulo: 'Participação (%)',
    tipo: 'percentual',
    valor: (l) => l.participacao,
    total: (t) => t.participacao,
    larguraPdf: 'auto',
  },
];
