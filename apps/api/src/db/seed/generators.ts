/**
 * Deterministic building blocks of the demo seed (and of the benchmarks' data, bench/): a
 * seeded PRNG, so every demo database is the same, and documents completed with the check
 * digits @brazilian-utils accepts (Receita Federal rules).
 */

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export type Random = ReturnType<typeof seededRandom>;

/** An integer in [min, max]. */
export const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

export const pick = <T>(rnd: Random, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

/**
 * `base` followed by the only two check digits `isValid` accepts (`isValidCpf`: 9 → 11 digits,
 * `isValidCnpj`: 12 → 14 digits), so the rule is the library's and not written here again.
 */
export const withCheckDigits = (base: string, isValid: (document: string) => boolean): string => {
  for (let n = 0; n < 100; n++) {
    const document = `${base}${String(n).padStart(2, '0')}`;
    if (isValid(document)) return document;
  }
  throw new RangeError(`Nenhum dígito verificador valida ${base}`);
};
