/**
 * The benchmarks' shared catalogue: product names built from a pet shop's vocabulary, codes,
 * GTIN-13 barcodes and the batch insert, plus percentiles. Used by busca-pdv.ts and
 * gerar-dados.ts, with the demo seed's PRNG (seededRandom) for deterministic data and queries.
 */
import { gtinCheckDigit } from '@petshop/shared/produto';
import type { Db } from '../apps/api/src/db/client.ts';
import { produtos } from '../apps/api/src/db/schema/index.ts';

export const LOTE_PRODUTOS = 2_000;

// Names: every product gets a distinct combination (mixed radix over these lists), so the
// catalogue looks like a shop's: ~1/12 of it is "Ração …", ~1/8 is "… Salmão …".
export const TIPOS = [
  'Ração',
  'Petisco',
  'Sachê',
  'Biscoito',
  'Shampoo',
  'Colônia',
  'Coleira',
  'Brinquedo',
  'Antipulgas',
  'Vermífugo',
  'Areia',
  'Cama',
];
export const MARCAS = [
  'Golden',
  'Premier',
  'Royal Canin',
  'Pedigree',
  'Whiskas',
  'Purina Pro Plan',
  'Farmina N&D',
  "Hill's",
  'Guabi Natural',
  'Biofresh',
  'Quatree',
  'Special Dog',
  'Sanol Dog',
  'Pet Clean',
  'Chalesco',
  'Kong',
  'Vetnil',
  'Ourofino',
  'Furacão Pet',
  'Keldog',
];
export const PUBLICOS = [
  'Cães Adultos',
  'Cães Filhotes',
  'Gatos Adultos',
  'Gatos Castrados',
  'Raças Pequenas',
  'Raças Grandes',
  'Sênior',
  'Light',
  'Mini',
  'Indoor',
];
export const SABORES = ['Frango', 'Carne', 'Salmão', 'Cordeiro', 'Peru', 'Peixe', 'Frutas', 'Neutro'];
export const TAMANHOS = ['40 g', '85 g', '500 g', '1 kg', '3 kg', '10,1 kg', '15 kg', '500 ml', 'P', 'G'];

export const nomeDe = (i: number): string => {
  // A multiplier coprime with the number of combinations spreads consecutive i over the lists.
  const total = TIPOS.length * MARCAS.length * PUBLICOS.length * SABORES.length * TAMANHOS.length;
  let k = (i * 7919) % total;
  const parte = <T>(list: readonly T[]) => {
    const v = list[k % list.length]!;
    k = Math.floor(k / list.length);
    return v;
  };
  return `${parte(TIPOS)} ${parte(MARCAS)} ${parte(PUBLICOS)} ${parte(SABORES)} ${parte(TAMANHOS)}`;
};

export const codigoDe = (i: number) => `P${String(i).padStart(6, '0')}`;

/** One product in 50 is inactive (the till must skip them). */
export const ativo = (i: number): boolean => i % 50 !== 0;

/**
 * Inserts `n` products into the tenant (as the owner, in batches of LOTE_PRODUTOS): unique GTIN-13
 * barcodes (789 + 9 digits + check digit), codes P000000…, names from `nomeDe`, one in 50
 * inactive. Answers the barcodes by product index.
 */
export const inserirProdutos = async (
  db: Db,
  opts: { tenantId: string; unidadeMedidaId: string; n: number; random: () => number },
): Promise<string[]> => {
  const { tenantId, unidadeMedidaId, n, random } = opts;
  const gtins: string[] = [];
  const vistos = new Set<string>();
  while (gtins.length < n) {
    const corpo = `789${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
    const gtin = `${corpo}${gtinCheckDigit(corpo)}`;
    if (!vistos.has(gtin)) {
      vistos.add(gtin);
      gtins.push(gtin);
    }
  }
  for (let start = 0; start < n; start += LOTE_PRODUTOS) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + LOTE_PRODUTOS); i++) {
      const custo = 5 + Math.round(random() * 20_000) / 100;
      rows.push({
        tenantId,
        nome: nomeDe(i),
        codigo: codigoDe(i),
        codigoBarras: gtins[i]!,
        unidadeMedidaId,
        precoCusto: custo.toFixed(2),
        markup: '50.00',
        precoVenda: (Math.round(custo * 150) / 100).toFixed(2),
        ncm: '23091000',
        cfop: '5102',
        csosn: '102',
        // One in 50 inactive: the till must skip them.
        ativo: ativo(i),
      });
    }
    await db.insert(produtos).values(rows);
  }
  return gtins;
};

/** The p-th percentile of an ascending list. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
