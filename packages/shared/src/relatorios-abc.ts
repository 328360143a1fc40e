/**
 * The ABC curves (issue #20; spec §7 "Reports": curva-abc-produtos and curva-abc-clientes;
 * DOMAIN.md §11): items (products or customers) ranked by revenue in the period, largest first;
 * class A holds the items that make the first 80 % of the revenue, B the next 15 %, C the last 5 %.
 */

/** Limits of the classes, in % of the revenue: A 80 %, B 15 %, C 5 % (cumulative: 80, 95, 100). */
export const CLASSES_ABC = [
  { classe: 'A', percentual: 80, acumuladoAte: 80 },
  { classe: 'B', percentual: 15, acumuladoAte: 95 },
  { classe: 'C', percentual: 5, acumuladoAte: 100 },
] as const;

/** The classes, in order. */
export const CLASSES_ABC_IDS = ['A', 'B', 'C'] as const;
export type ClasseAbc = (typeof CLASSES_ABC_IDS)[number];

/** Cumulative limit of class A (%): an item is A while the share BEFORE it is below this. */
export const LIMITE_ACUMULADO_A = CLASSES_ABC[0].acumuladoAte;
/** Cumulative limit of class B (%): an item is B while the share BEFORE it is below this. */
export const LIMITE_ACUMULADO_B = CLASSES_ABC[1].acumuladoAte;

/**
 * THE rule of the ABC class of one item of the ranking (largest revenue first):
 * `percentualAcumuladoAnterior` is the cumulative share (0–100 %) of the items ranked BEFORE it.
 * A while that is < 80 %, B while < 95 %, else C — so the item that crosses 80 % is still A, and
 * the first item is always A. An item whose own revenue is zero or negative (`faturamento` ≤ 0,
 * e.g. everything sold was returned) is always C. The SQL of the reports applies the same rule.
 */
export const classeAbc = (percentualAcumuladoAnterior: number, faturamento?: number): ClasseAbc => {
  if (faturamento !== undefined && !(faturamento > 0)) return 'C';
  if (percentualAcumuladoAnterior < LIMITE_ACUMULADO_A) return 'A';
  if (percentualAcumuladoAnterior < LIMITE_ACUMULADO_B) return 'B';
  return 'C';
};
