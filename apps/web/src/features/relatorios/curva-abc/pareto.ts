/**
 * The Pareto chart's data (issue #20): the answer's `pareto` points (the whole curve, or ≤ 100
 * items of a big one: evenly spaced plus each class's first and last) as the chart reads them —
 * one point per item in rank order: its revenue under its class's key `A`, `B` or `C` (three bar
 * series stacked into one bar, so each bar takes its class's colour; the other two are null) and
 * the cumulative share up to it (the line, 0–100 % on the right axis) — and the class colours
 * used by the chart, the badges and the cards.
 */
import type { ClasseAbc, PontoPareto } from '@petshop/shared/relatorios-abc';

/** Mantine colour of each class (bars, badges, cards). */
export const COR_CLASSE: Record<ClasseAbc, string> = { A: 'teal', B: 'yellow', C: 'red' };

/** The cumulative limits drawn as reference lines on the right axis (% of revenue). */
export const LINHAS_PARETO = [
  { y: 80, rotulo: '80 % (A)' },
  { y: 95, rotulo: '95 % (B)' },
] as const;

export type PontoGrafico = {
  /** The x-axis label: the rank, '1º', '2º'… */
  posicao: string;
  nome: string;
  faturamento: number;
  acumulado: number;
  classe: ClasseAbc;
} & Record<ClasseAbc, number | null>;

/** The answer's points as the chart's data, in rank order (see the file's comment). */
export const pontosPareto = (pareto: readonly PontoPareto[]): PontoGrafico[] =>
  [...pareto]
    .sort((a, b) => a.posicao - b.posicao)
    .map((p) => ({
      posicao: `${p.posicao}º`,
      nome: p.nome,
      faturamento: p.faturamento,
      acumulado: p.acumulado,
      classe: p.classe,
      A: p.classe === 'A' ? p.faturamento : null,
      B: p.classe === 'B' ? p.faturamento : null,
      C: p.classe === 'C' ? p.faturamento : null,
    }));
