/**
 * Products and services of the catalogue: /api/inventario/produtos, and the till's product
 * search /api/inventario/produtos/busca-pdv. Source: DOMAIN.md §4; issue #3 item 4.
 *
 * Money is a number in reais with 2 decimals, markup a percentage with 2 decimals,
 * quantities (minimum stock, bulk factor) numbers with 3 decimals. Prices are kept
 * consistent: precoVenda = precoCusto × (1 + markup/100), rounded to the cent
 * (`resolverPrecos`). Barcodes are GTIN-8/12/13/14 with a valid check digit (GS1 General
 * Specifications §7.9), unique per tenant like the internal code.
 */
import { z } from 'zod';
import { pacoteProdutoSchema } from './agenda.ts';
import { fromCents, toCents } from './format.ts';
import { emptyToUndefined, listQuerySchema } from './http.ts';
import { moneyInput, numberInput, onlyDigits, optional, optionalText, quantidadeInput, requiredText } from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Kind of catalogue item: goods or a service (bath, grooming, consultation, vaccine application). */
export const TIPOS_PRODUTO = { produto: 'Produto', servico: 'Serviço' } as const;
export type TipoProduto = keyof typeof TIPOS_PRODUTO;
const TIPO_IDS = Object.keys(TIPOS_PRODUTO) as [TipoProduto, ...TipoProduto[]];

/** Origin of the goods (NF-e tag `orig`, Ajuste SINIEF 20/2012 and 15/2013). */
export const ORIGENS = {
  '0': 'Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8',
  '1': 'Estrangeira - importação direta, exceto a indicada no código 6',
  '2': 'Estrangeira - adquirida no mercado interno, exceto a indicada no código 7',
  '3': 'Nacional, com conteúdo de importação superior a 40% e inferior ou igual a 70%',
  '4': 'Nacional, produzida conforme os processos produtivos básicos',
  '5': 'Nacional, com conteúdo de importação inferior ou igual a 40%',
  '6': 'Estrangeira - importação direta, sem similar nacional, constante em lista da CAMEX',
  '7': 'Estrangeira - adquirida no mercado interno, sem similar nacional, constante em lista da CAMEX',
  '8': 'Nacional, com conteúdo de importação superior a 70%',
} as const;
export type Origem = keyof typeof ORIGENS;
const ORIGEM_IDS = Object.keys(ORIGENS) as [Origem, ...Origem[]];

/** CSOSN of the Simples Nacional (NF-e tag `CSOSN`, CRT 1 and 4). */
export const CSOSNS = {
  '101': 'Tributada com permissão de crédito',
  '102': 'Tributada sem permissão de crédito',
  '103': 'Isenção do ICMS para faixa de receita bruta',
  '201': 'Tributada com permissão de crédito e com cobrança do ICMS por ST',
  '202': 'Tributada sem permissão de crédito e com cobrança do ICMS por ST',
  '203': 'Isenção do ICMS para faixa de receita bruta e com cobrança do ICMS por ST',
  '300': 'Imune',
  '400': 'Não tributada',
  '500': 'ICMS cobrado anteriormente por ST ou por antecipação',
  '900': 'Outros',
} as const;

/** CST of the ICMS for the normal regime (NF-e tag `CST`, CRT 3). */
export const CSTS_ICMS = {
  '00': 'Tributada integralmente',
  '10': 'Tributada e com cobrança do ICMS por ST',
  '20': 'Com redução de base de cálculo',
  '30': 'Isenta ou não tributada e com cobrança do ICMS por ST',
  '40': 'Isenta',
  '41': 'Não tributada',
  '50': 'Suspensão',
  '51': 'Diferimento',
  '60': 'ICMS cobrado anteriormente por ST',
  '70': 'Com redução de base de cálculo e cobrança do ICMS por ST',
  '90': 'Outras',
} as const;

/** CST of PIS and COFINS on outgoing operations (NF-e tags `PIS/CST`, `COFINS/CST`). */
export const CSTS_PIS_COFINS = {
  '01': 'Operação tributável com alíquota básica',
  '02': 'Operação tributável com alíquota diferenciada',
  '03': 'Operação tributável com alíquota por unidade de medida',
  '04': 'Operação tributável monofásica - revenda a alíquota zero',
  '05': 'Operação tributável por substituição tributária',
  '06': 'Operação tributável a alíquota zero',
  '07': 'Operação isenta da contribuição',
  '08': 'Operação sem incidência da contribuição',
  '09': 'Operação com suspensão da contribuição',
  '49': 'Outras operações de saída',
  '99': 'Outras operações',
} as const;

/** CFOP a new product gets: 5102, sale of goods bought from third parties, inside the state. */
export const CFOP_PADRAO = '5102';

export { PRECO_MAXIMO, QUANTIDADE_MAXIMA } from './validators.ts';
/** Largest markup accepted (percent). */
export const MARKUP_MAXIMO = 9_999_999.99;

// ---------------------------------------------------------------------------------------------
// GTIN (barcode)
// ---------------------------------------------------------------------------------------------

/** Lengths of GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/**
 * The GS1 check digit of the digits that precede it (any length): weights 3 and 1
 * alternating from the right, check = (10 − sum mod 10) mod 10: '789100031550' → 7
 * (GTIN-13 7891000315507).
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is a GTIN-8/12/13/14: digits only, one of those lengths, valid check digit. */
export function isValidGtin(code: string): boolean {
  if (typeof code !== 'string' || !/^\d+$/.test(code)) return false;
  if (!(GTIN_LENGTHS as readonly number[]).includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.charAt(code.length - 1));
}

/** Barcode: spaces removed, digits only, GTIN-8/12/13/14 with a valid check digit. */
export const gtinSchema = z
  .string({ error: 'Código de barras inválido' })
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => /^\d+$/.test(v), { error: 'Código de barras deve ter somente números', abort: true })
  .refine((v) => (GTIN_LENGTHS as readonly number[]).includes(v.length), {
    error: 'Código de barras deve ter 8, 12, 13 ou 14 dígitos',
    abort: true,
  })
  .refine((v) => isValidGtin(v), { error: 'Código de barras inválido (dígito verificador não confere)' });

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

/** `a / b` rounded half away from zero, on integers. */
const divRound = (a: bigint, b: bigint): bigint => {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (2n * x + y) / (2n * y);
  return negative ? -q : q;
};

/** precoVenda in cents from the cost in cents and the markup in hundredths of a percent. */
const vendaCents = (custo: bigint, markupBp: bigint): bigint => divRound(custo * (10000n + markupBp), 10000n);
/** Markup in hundredths of a percent from cost and sale price in cents (0 when the cost is 0). */
const markupBp = (custo: bigint, venda: bigint): bigint => (custo === 0n ? 0n : divRound((venda - custo) * 10000n, custo));
/** Cost in cents from sale price in cents and markup in hundredths of a percent. */
const custoCents = (venda: bigint, markup: bigint): bigint => divRound(venda * 10000n, 10000n + markup);

export type Precos = { precoCusto: number; markup: number; precoVenda: number };

/**
 * Makes cost, markup and sale price consistent (issue #3: "cost, markup and price kept
 * consistent"): precoVenda = precoCusto × (1 + markup/100), rounded to the cent.
 * - custo and markup given → venda computed; custo and venda → markup computed (2 decimals);
 *   markup and venda → custo computed.
 * - all three given and inconsistent → custo and venda are trusted and markup recomputed.
 * - only one given: a missing cost is 0, a missing markup 0 (so venda = custo); markup is 0
 *   whenever the cost is 0.
 * Money in reais, markup in percent. The result may have a negative markup when venda is
 * below custo: callers refuse it (`createProdutoInputSchema` does).
 */
export function resolverPrecos(input: {
  precoCusto?: number | null;
  markup?: number | null;
  precoVenda?: number | null;
}): Precos {
  const has = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  const c = has(input.precoCusto) ? BigInt(toCents(input.precoCusto)) : undefined;
  // Markup has 2 decimals like money: toCents gives hundredths.
  const m = has(input.markup) ? BigInt(toCents(input.markup)) : undefined;
  const v = has(input.precoVenda) ? BigInt(toCents(input.precoVenda)) : undefined;
  let custo: bigint;
  let markup: bigint;
  let venda: bigint;
  if (c !== undefined && v !== undefined) {
    custo = c;
    venda = v;
    markup = m !== undefined && vendaCents(c, m) === v ? m : markupBp(c, v);
  } else if (c !== undefined) {
    custo = c;
    markup = m ?? 0n;
    venda = vendaCents(c, markup);
  } else if (v !== undefined && m !== undefined && 10000n + m > 0n) {
    venda = v;
    custo = custoCents(v, m);
    markup = vendaCents(custo, m) === v ? m : markupBp(custo, v);
  } else {
    custo = 0n;
    venda = v ?? 0n;
    markup = 0n;
  }
  if (custo === 0n) markup = 0n;
  return { precoCusto: fromCents(Number(custo)), markup: fromCents(Number(markup)), precoVenda: fromCents(Number(venda)) };
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** A code made of `length` digits; punctuation is ignored ('2309.10.00' → '23091000'). */
const digitsCode = (label: string, length: number) =>
  optional(
    z
      .string({ error: `${label} inválido` })
      .transform(onlyDigits)
      .refine((v) => v.length === length, { error: `${label} deve ter ${length} dígitos` }),
  );

/** A code from a closed list (CSOSN, CST). */
const codeOf = (label: string, codes: Record<string, string>, length: number) =>
  // Only a code of the right length is looked up, so a short one gets the length message alone.
  digitsCode(label, length).refine((v) => v === undefined || v.length !== length || v in codes, { error: `${label} inválido` });

const uuidOptional = (message: string) =>
  z.preprocess((v) => (v === null ? undefined : emptyToUndefined(v)), z.uuid({ error: message }).optional());

/** Fiscal data for NF-e/NFC-e (DOMAIN.md §4, §8). All optional; CFOP defaults to 5102, origem to '0'. */
export const fiscalProdutoInputSchema = z.object({
  /** Nomenclatura Comum do Mercosul: 8 digits (23091000 pet food). */
  ncm: digitsCode('NCM', 8),
  /** Código Especificador da Substituição Tributária: 7 digits. */
  cest: digitsCode('CEST', 7),
  cfop: digitsCode('CFOP', 4).transform((v) => v ?? CFOP_PADRAO),
  origem: z.preprocess(
    (v) => (v === null || emptyToUndefined(v) === undefined ? undefined : String(v)),
    z.enum(ORIGEM_IDS, { error: 'Origem inválida' }).default('0'),
  ),
  /** Simples Nacional (CRT 1/4). */
  csosn: codeOf('CSOSN', CSOSNS, 3),
  /** Regime normal (CRT 3). */
  cst: codeOf('CST', CSTS_ICMS, 2),
  pisCst: codeOf('CST do PIS', CSTS_PIS_COFINS, 2),
  cofinsCst: codeOf('CST da COFINS', CSTS_PIS_COFINS, 2),
});

/** A product's fiscal data as answers carry it (the product's form, the fiscal status list). */
export const fiscalProdutoSchema = z.object({
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  cfop: z.string().nullable(),
  origem: z.string(),
  csosn: z.string().nullable(),
  cst: z.string().nullable(),
  pisCst: z.string().nullable(),
  cofinsCst: z.string().nullable(),
});

/** The bulk (granel) counterpart: the product sold by the KG out of an opened bag of this one. */
export const granelInputSchema = z.object({
  produtoGranelId: z.uuid({ error: 'Produto a granel inválido' }),
  /** Units of the bulk product one unit of this product holds (SC 15 kg → 15), 3 decimals. */
  fatorConversao: quantidadeInput('Fator de conversão', true).refine((v) => v !== undefined, {
    error: 'Fator de conversão é obrigatório',
  }),
});

const produtoInputObject = z.object({
  tipo: z.enum(TIPO_IDS, { error: 'Tipo inválido (produto ou serviço)' }).default('produto'),
  nome: requiredText('Nome', 120),
  /** Internal code, unique per tenant (case-insensitive). */
  codigo: optionalText('Código', 30),
  codigoBarras: optional(gtinSchema),
  marcaId: uuidOptional('Marca inválida'),
  categoriaId: uuidOptional('Categoria inválida'),
  unidadeMedidaId: z.uuid({ error: 'Unidade de medida é obrigatória' }),
  /** Any two of the three prices are enough (`resolverPrecos`). */
  precoCusto: moneyInput('Preço de custo'),
  markup: numberInput('Markup')
    .refine((v) => v === undefined || v >= 0, { error: 'Markup não pode ser negativo' })
    .refine((v) => v === undefined || v <= MARKUP_MAXIMO, { error: 'Markup grande demais' })
    .transform((v) => (v === undefined ? undefined : fromCents(toCents(v)))),
  precoVenda: moneyInput('Preço de venda'),
  estoqueMinimo: quantidadeInput('Estoque mínimo').transform((v) => v ?? 0),
  /** Absent: true for products, false for services (services never control stock). */
  controlaEstoque: z.boolean().optional(),
  controlaLote: z.boolean().default(false),
  ativo: z.boolean().default(true),
  /** null or absent: no bulk counterpart. Services have none. */
  granel: granelInputSchema.nullable().optional(),
  fiscal: fiscalProdutoInputSchema.prefault({}),
  /**
   * A package of sessions (issue #17 item 6: "4 banhos", valid N days, covering one appointment
   * type of the tenant): only services; null or absent = not a package.
   */
  pacote: pacoteProdutoSchema.nullish(),
});

const refineProduto = (p: z.output<typeof produtoInputObject>, ctx: z.RefinementCtx) => {
  if (p.tipo === 'servico') {
    if (p.controlaEstoque) ctx.addIssue({ code: 'custom', path: ['controlaEstoque'], message: 'Serviços não controlam estoque' });
    if (p.controlaLote) ctx.addIssue({ code: 'custom', path: ['controlaLote'], message: 'Serviços não controlam lote' });
    if (p.granel) ctx.addIssue({ code: 'custom', path: ['granel'], message: 'Serviços não têm produto a granel' });
  } else if (p.pacote) {
    ctx.addIssue({ code: 'custom', path: ['pacote'], message: 'Somente serviços podem ser pacotes' });
  }
  const precos = resolverPrecos(p);
  if (precos.precoVenda < precos.precoCusto || precos.markup < 0) {
    ctx.addIssue({ code: 'custom', path: ['precoVenda'], message: 'O preço de venda não pode ser menor que o preço de custo' });
  }
  if (precos.markup > MARKUP_MAXIMO) ctx.addIssue({ code: 'custom', path: ['markup'], message: 'Markup grande demais' });
};

/**
 * Create body. Prices: give any two of precoCusto/markup/precoVenda and the API computes the
 * third (`resolverPrecos`); never negative, venda never below custo. Services: no stock
 * control, no lot control, no granel.
 */
export const createProdutoInputSchema = produtoInputObject.superRefine(refineProduto);
export type CreateProdutoInput = z.input<typeof createProdutoInputSchema>;
export type CreateProdutoInputParsed = z.output<typeof createProdutoInputSchema>;

/** Update (PUT) body: the whole product, same rules as create. */
export const updateProdutoInputSchema = produtoInputObject.superRefine(refineProduto);
export type UpdateProdutoInput = z.input<typeof updateProdutoInputSchema>;
export type UpdateProdutoInputParsed = z.output<typeof updateProdutoInputSchema>;

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

export const produtoSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPO_IDS),
  nome: z.string(),
  codigo: z.string().nullable(),
  codigoBarras: z.string().nullable(),
  marcaId: z.string().nullable(),
  marcaNome: z.string().nullable(),
  categoriaId: z.string().nullable(),
  categoriaNome: z.string().nullable(),
  unidadeMedidaId: z.string(),
  unidadeMedida: z.object({ id: z.string(), sigla: z.string(), permiteVendaFracionada: z.boolean() }),
  /** Reais, 2 decimals. */
  precoCusto: z.number(),
  /** Percent, 2 decimals. */
  markup: z.number(),
  /** Reais, 2 decimals. */
  precoVenda: z.number(),
  /** In the product's unit, 3 decimals. */
  estoqueMinimo: z.number(),
  controlaEstoque: z.boolean(),
  /** Balance in the selected unit (product's unit, 3 decimals); null when stock is not controlled. */
  estoque: z.number().nullable(),
  controlaLote: z.boolean(),
  ativo: z.boolean(),
  granel: z
    .object({
      produtoGranelId: z.string(),
      produtoGranelNome: z.string(),
      fatorConversao: z.number(),
    })
    .nullable(),
  fiscal: fiscalProdutoSchema,
  /** Package definition (issue #17 item 6); null when the product is not a package. */
  pacote: z
    .object({
      /** Sessions included. */
      sessoes: z.number().int(),
      /** Validity in days from the sale. */
      validadeDias: z.number().int(),
      tipoAtendimentoId: z.string(),
      tipoNome: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Produto = z.infer<typeof produtoSchema>;

const filtroBooleano = z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional());

/**
 * List: `query` searches the name (contains, accent-insensitive), the internal code and the
 * barcode; filters `tipo`, `categoriaId` (that category and its subcategories), `marcaId`,
 * `ativo`; ordered by name. Empty filters are absent (spec §5).
 */
export const listProdutosQuerySchema = listQuerySchema.extend({
  tipo: z.preprocess(emptyToUndefined, z.enum(TIPO_IDS, { error: 'Tipo inválido' }).optional()),
  categoriaId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Categoria inválida' }).optional()),
  marcaId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Marca inválida' }).optional()),
  ativo: filtroBooleano,
});
export type ListProdutosQuery = z.infer<typeof listProdutosQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Till search
// ---------------------------------------------------------------------------------------------

/** Most items the till search answers. */
export const BUSCA_PDV_LIMITE = 20;

/** `GET /api/inventario/produtos/busca-pdv?q=`: a scanned barcode, a code or part of a name. */
export const buscaPdvQuerySchema = z.object({
  q: z
    .string({ error: 'Informe o que buscar' })
    .trim()
    .min(1, { error: 'Informe o que buscar' })
    .max(100, { error: 'A busca deve ter no máximo 100 caracteres' }),
});
export type BuscaPdvQuery = z.infer<typeof buscaPdvQuerySchema>;

/** What the point of sale needs of a product to add it to a sale. */
export const produtoPdvSchema = z.object({
  id: z.string(),
  nome: z.string(),
  codigo: z.string().nullable(),
  codigoBarras: z.string().nullable(),
  /** Reais, 2 decimals. */
  precoVenda: z.number(),
  unidadeMedida: z.object({ sigla: z.string(), permiteVendaFracionada: z.boolean() }),
  tipo: z.enum(TIPO_IDS),
  controlaEstoque: z.boolean(),
  /**
   * Stock balance in the selected unit, in the product's unit of measure (0 when it never moved;
   * may be negative where the unit allows it); null for services and products that do not
   * control stock (issue #15 item 2).
   */
  estoque: z.number().nullable(),
});
export type ProdutoPdv = z.infer<typeof produtoPdvSchema>;
