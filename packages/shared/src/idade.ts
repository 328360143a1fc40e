/**
 * Ages: a person's in years, a pet's in years and months (a puppy's months matter for
 * vaccines). One rule for the customer screen, the clinic's chart (GET /ficha-animal `idade`)
 * and its documents (`{{pet.idade}}`). Dates are the API's 'yyyy-MM-dd'; `hoje` too
 * (todayISO() of @petshop/shared/format), so the result never depends on the time zone.
 */

const parts = (iso: string): [number, number, number] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
};

/** Whole months from `inicio` to `fim` (both 'yyyy-MM-dd'); null when unreadable or negative. */
export const mesesEntre = (inicio: string, fim: string): number | null => {
  const a = parts(inicio);
  const b = parts(fim);
  if (!a || !b) return null;
  let meses = (b[0] - a[0]) * 12 + (b[1] - a[1]);
  if (b[2] < a[2]) meses -= 1;
  return meses < 0 ? null : meses;
};

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** 26 → '2 anos e 2 meses'; 12 → '1 ano'; 5 → '5 meses'; 0 → 'menos de 1 mês'. */
export const formatMeses = (meses: number): string => {
  const anos = Math.floor(meses / 12);
  const resto = meses % 12;
  if (anos === 0) return resto === 0 ? 'menos de 1 mês' : plural(resto, 'mês', 'meses');
  if (resto === 0) return plural(anos, 'ano', 'anos');
  return `${plural(anos, 'ano', 'anos')} e ${plural(resto, 'mês', 'meses')}`;
};

/** A person's age: '34 anos', or '' without a birth date. */
export const idadePessoa = (dataNascimento: string | null, hoje: string): string => {
  const meses = dataNascimento ? mesesEntre(dataNascimento, hoje) : null;
  return meses === null ? '' : plural(Math.floor(meses / 12), 'ano', 'anos');
};

type PetIdade = { dataNascimento: string | null; idadeEstimadaMeses: number | null; createdAt: string; dataObito: string | null };

/**
 * A pet's age: from the birth date; else the estimated age given at registration plus the
 * months since ('cerca de 3 anos'); a deceased pet's age stops at its death. '' when unknown.
 */
export const idadePet = (pet: PetIdade, hoje: string): string => {
  const fim = pet.dataObito ?? hoje;
  if (pet.dataNascimento) {
    const meses = mesesEntre(pet.dataNascimento, fim);
    return meses === null ? '' : formatMeses(meses);
  }
  if (pet.idadeEstimadaMeses !== null) {
    const desde = mesesEntre(pet.createdAt.slice(0, 10), fim) ?? 0;
    return `cerca de ${formatMeses(pet.idadeEstimadaMeses + desde)}`;
  }
  return '';
};
