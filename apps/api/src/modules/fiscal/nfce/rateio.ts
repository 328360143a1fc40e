/**
 * Apportionment (rateio) of a sale-wide amount (the sale's discount, the delivery charge) over
 * the NFC-e items, in cents. SEFAZ adds the items' `vDesc`/`vFrete` and rejects a total that
 * differs (MOC 7.0 rules 537 "Total do Desconto difere do somatório dos itens", 535 the same
 * for freight, 564 for vProd and 610 "Total da NF difere do somatório dos Valores"), so the shares must add up exactly.
 *
 * Each item's share is proportional to its weight (its `vProd` less its own discount), rounded
 * down to the cent; the cents left over go one each to the items with the largest fractions
 * (largest-remainder method; ties to the larger weight, then the later item). Unlike putting the
 * whole remainder on one item, this never gives an item more than the ceiling of its exact
 * share, so a discount apportioned over items never exceeds any item's own value.
 */

/** Money in reais ('12.30', '5', '-0.50') → integer cents; throws on anything else. */
export const centavos = (reais: string): number => {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(reais.trim());
  if (!m) throw new Error(`Valor monetário inválido: ${reais}`);
  const c = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
};

/** Integer cents → '12.30'. */
export const reais = (c: number): string => {
  const neg = c < 0;
  const a = Math.abs(c);
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

/**
 * Splits `totalCentavos` (≥ 0) over `pesos` (cents, ≥ 0) proportionally. Answers one share per
 * weight, in cents, adding up to exactly `totalCentavos`. When every weight is 0 the total goes
 * to the last item. Uses BigInt products so large sales do not lose precision.
 */
export const ratear = (totalCentavos: number, pesos: readonly number[]): number[] => {
  if (!Number.isSafeInteger(totalCentavos) || totalCentavos < 0) throw new Error('Valor a ratear inválido');
  if (pesos.length === 0) {
    if (totalCentavos === 0) return [];
    throw new Error('Não há itens para ratear o valor');
  }
  const soma = pesos.reduce((a, b) => a + b, 0);
  if (pesos.some((p) => !Number.isSafeInteger(p) || p < 0)) throw new Error('Peso de rateio inválido');
  if (soma === 0) return pesos.map((_, i) => (i === pesos.length - 1 ? totalCentavos : 0));
  const total = BigInt(totalCentavos);
  const s = BigInt(soma);
  const partes = pesos.map((p) => (total * BigInt(p)) / s);
  const restos = pesos.map((p, i) => ({ i, resto: total * BigInt(p) - partes[i]! * s, peso: p }));
  let sobra = Number(total - partes.reduce((a, b) => a + b, 0n));
  restos.sort((a, b) => (a.resto === b.resto ? (a.peso === b.peso ? b.i - a.i : b.peso - a.peso) : a.resto > b.resto ? -1 : 1));
  const out = partes.map(Number);
  for (let k = 0; sobra > 0; k++, sobra--) out[restos[k]!.i]! += 1;
  return out;
};
