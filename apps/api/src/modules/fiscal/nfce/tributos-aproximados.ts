/**
 * Approximate taxes of a consumer sale (Lei 12.741/2012, "Lei da Transparência"; Decreto
 * 8.264/2014): the NFC-e carries `vTotTrib` per item and in total, and the DANFE prints it.
 *
 * THIS IS AN APPROXIMATION. The law lets the seller use the averages of an institution such as
 * IBPT (a table per NCM, per state, updated every semester); this project has no such table yet,
 * so it uses national average burdens per NCM chapter:
 * - federal: PIS 1,65 % + COFINS 7,60 % (non-cumulative regime, 9,25 %) plus the usual IPI of
 *   the chapter in the TIPI (0 % for pet food and medicines, 5–20 % for manufactured goods);
 * - state: ICMS at the internal rate most states apply to goods in general (18 %; 12 % where
 *   several states reduce the burden of animal feed).
 * The IBPT's own national averages for these chapters fall in the same 25–40 % band. Replacing
 * this with an IBPT table is a data change here only (`aliquotasAproximadas`).
 */

export type AliquotasAproximadas = {
  /** Federal taxes, % of the item's value. */
  federal: number;
  /** State taxes (ICMS), %. */
  estadual: number;
};

/** Default: the average burden of manufactured goods (federal 13,45 %, ICMS 18 %). */
const PADRAO: AliquotasAproximadas = { federal: 13.45, estadual: 18 };

/** By NCM chapter (its first two digits): the goods a pet shop or vet clinic sells. */
const POR_CAPITULO: Readonly<Record<string, AliquotasAproximadas>> = {
  // 01 live animals (fish, birds): PIS/COFINS, no IPI.
  '01': { federal: 9.25, estadual: 12 },
  // 23 pet food (2309): PIS/COFINS, IPI 0 %.
  '23': { federal: 9.25, estadual: 12 },
  // 30 veterinary medicines: PIS/COFINS, IPI 0 %.
  '30': { federal: 9.25, estadual: 18 },
  // 33 shampoos, perfumes: PIS/COFINS + IPI ~ 7 %.
  '33': { federal: 16.25, estadual: 18 },
  // 34 soaps, cleaning: PIS/COFINS + IPI ~ 5 %.
  '34': { federal: 14.25, estadual: 18 },
  // 38 insecticides, antiparasitic sprays (3808): PIS/COFINS, IPI 0 %.
  '38': { federal: 9.25, estadual: 18 },
  // 39 plastic goods (litter boxes, bowls): PIS/COFINS + IPI ~ 10 %.
  '39': { federal: 19.25, estadual: 18 },
  // 42 collars, leads (4201): PIS/COFINS + IPI ~ 10 %.
  '42': { federal: 19.25, estadual: 18 },
  // 44/46 wood, wicker (beds, scratchers): PIS/COFINS + IPI ~ 5 %.
  '44': { federal: 14.25, estadual: 18 },
  '46': { federal: 14.25, estadual: 18 },
  // 63 textiles (beds, clothes): PIS/COFINS + IPI 0–5 %.
  '63': { federal: 11.75, estadual: 18 },
  // 95 toys: PIS/COFINS + IPI ~ 20 %.
  '95': { federal: 29.25, estadual: 18 },
};

/** The approximate federal and state rates (%) for an 8-digit NCM. */
export const aliquotasAproximadas = (ncm: string): AliquotasAproximadas => POR_CAPITULO[ncm.slice(0, 2)] ?? PADRAO;

/**
 * The approximate taxes (cents) on an item whose value to the consumer is `valorCentavos`
 * (vProd - vDesc + vFrete): the rates times the value, rounded half up to the cent.
 */
export const tributosAproximadosItem = (ncm: string, valorCentavos: number): number => {
  const { federal, estadual } = aliquotasAproximadas(ncm);
  // Rates have at most 2 decimals: work in hundredths of a percent to keep integers exact.
  const bp = Math.round((federal + estadual) * 100);
  return Math.floor((Math.max(0, valorCentavos) * bp + 5000) / 10000);
};
