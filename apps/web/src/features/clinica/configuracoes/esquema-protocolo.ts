/**
 * The one-line reading of a protocol's schedule shown in its form and list ("1ª dose no dia 0,
 * 2ª dose +21 dias, 3ª dose +21 dias, reforço a cada 365 dias"): each dose counts its interval
 * from the previous one (the first from the start date), the booster from the last dose — the
 * rule the API applies when it plans a pet's doses (issue #19 item 2).
 */

export type DoseEsquema = { intervaloDias: number | string | null | undefined };

const dias = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/** A whole number of days ≥ 0, or null for what is not (yet) one. */
const lerDias = (value: number | string | null | undefined): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
};

/**
 * The schedule in words; a dose whose interval is not a whole number yet reads "?". Without
 * doses: ''. Without booster: "sem reforço".
 */
export const descreverEsquema = (doses: readonly DoseEsquema[], reforcoDias: number | string | null | undefined): string => {
  if (doses.length === 0) return '';
  const partes = doses.map((dose, i) => {
    const n = lerDias(dose.intervaloDias);
    const ordinal = `${i + 1}ª dose`;
    if (i === 0) return `${ordinal} no dia ${n ?? '?'}`;
    return `${ordinal} +${n === null ? '?' : dias(n)}`;
  });
  const reforco = lerDias(reforcoDias);
  partes.push(reforco && reforco > 0 ? `reforço a cada ${dias(reforco)}` : 'sem reforço');
  return partes.join(', ');
};

/** Total days from the start date to the last dose (the doses' intervals summed), null if one is not a number. */
export const diasAteUltimaDose = (doses: readonly DoseEsquema[]): number | null => {
  let total = 0;
  for (const dose of doses) {
    const n = lerDias(dose.intervaloDias);
    if (n === null) return null;
    total += n;
  }
  return total;
};
