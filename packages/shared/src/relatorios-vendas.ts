/**
 * The sales reports (issue #20; spec §2 "Reports under /relatorios/", §7 "Reports"; DOMAIN.md §11):
 *
 * - `vendas-por-produto`: per product sold in the period: quantity, revenue (faturamento),
 *   cost, margin (R$ and % of the revenue) and share (participação) of the period's revenue;
 * - `vendas-por-categoria`: the product-category tree with the same figures, each category's
 *   including its sub-categories'; products without a category under "Sem categoria".
 *
 * Both count as every sales figure does (CRITERIO_VENDAS, the API's `itensVendidosSql`): sales
 * finalised in the period in the unit's days, cancelled ones out, returns subtracted on their
 * day, the sale's discount prorated over its items, freight out. Cost = quantity × the item's
 * cost when sold. Money in reais (2 decimals), quantities up to 3 decimals, percentages 0–100
 * (2 decimals).
 */
import { z } from 'zod';
import { emptyToUndefined } from './http.ts';
import { comPeriodoValido, relatorioQueryBaseSchema, relatorioRespostaSchema } from './relatorios.ts';

/** Orders of vendas-por-produto: revenue, quantity, margin (largest first) or name (A–Z). */
export const ORDENS_VENDAS_POR_PRODUTO = ['faturamento', 'quantidade', 'margem', 'nome'] as const;
export type OrdemVendasPorProduto = (typeof ORDENS_VENDAS_POR_PRODUTO)[number];

/** The labels of the orders (the screen's select). */
export const ORDENS_VENDAS_POR_PRODUTO_ROTULOS: Record<OrdemVendasPorProduto, string> = {
  faturamento: 'Maior faturamento',
  quantidade: 'Maior quantidade',
  margem: 'Maior margem',
  nome: 'Nome (A–Z)',
};

/** How many products the chart of vendas-por-produto shows (the largest revenues). */
export const TOP_GRAFICO_VENDAS_POR_PRODUTO = 10;

/**
 * Filters of vendas-por-produto: the base ones (period, default the current month; page;
 * `query` = the product's name (contains, ignoring case and accents), internal code or barcode
 * (exact); `produtoId`), `categoriaId` (that category AND its sub-categories), `marcaId`, and
 * `ordem` (default faturamento).
 */
export const vendasPorProdutoQuerySchema = comPeriodoValido(
  relatorioQueryBaseSchema.extend({
    categoriaId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Categoria inválida' }).optional()),
    marcaId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Marca inválida' }).optional()),
    ordem: z.preprocess(
      emptyToUndefined,
      z.enum(ORDENS_VENDAS_POR_PRODUTO, { error: 'Ordem inválida: use faturamento, quantidade, margem ou nome' }).optional(),
    ),
  }),
);
export type VendasPorProdutoQuery = z.infer<typeof vendasPorProdutoQuerySchema>;

/** The figures every row and the totals carry. */
const figurasShape = {
  /** Net quantity sold (returns subtracted). */
  quantidade: z.number(),
  /** Net revenue (reais): items' totals less the prorated sale discount, less returns; no freight. */
  faturamento: z.number(),
  /** quantidade × cost when sold (reais), returns' cost subtracted. */
  custo: z.number(),
  /** faturamento − custo (reais). */
  margem: z.number(),
  /** margem ÷ faturamento × 100; null when faturamento is 0. */
  margemPercentual: z.number().nullable(),
  /** faturamento ÷ the period's whole net revenue (every product, no filter) × 100; null when that is 0. */
  participacao: z.number().nullable(),
};

/** One product of vendas-por-produto. */
export const linhaVendasPorProdutoSchema = z.object({
  produtoId: z.uuid(),
  nome: z.string(),
  codigo: z.string().nullable(),
  /** GTIN. */
  codigoBarras: z.string().nullable(),
  categoria: z.string().nullable(),
  marca: z.string().nullable(),
  ...figurasShape,
});
export type LinhaVendasPorProduto = z.infer<typeof linhaVendasPorProdutoSchema>;

/** Totals of ALL the rows the filters pick (not the page's); `produtos` = how many. */
export const totaisVendasPorProdutoSchema = z.object({ produtos: z.number().int(), ...figurasShape });
export type TotaisVendasPorProduto = z.infer<typeof totaisVendasPorProdutoSchema>;

/** A bar of the chart: one of the TOP_GRAFICO_VENDAS_POR_PRODUTO largest revenues among the filtered rows. */
export const barraVendasPorProdutoSchema = z.object({
  produtoId: z.uuid(),
  nome: z.string(),
  faturamento: z.number(),
  margem: z.number(),
});
export type BarraVendasPorProduto = z.infer<typeof barraVendasPorProdutoSchema>;

export const vendasPorProdutoRespostaSchema = relatorioRespostaSchema(linhaVendasPorProdutoSchema, totaisVendasPorProdutoSchema, {
  grafico: z.array(barraVendasPorProdutoSchema),
});
export type VendasPorProdutoResposta = z.infer<typeof vendasPorProdutoRespostaSchema>;

// ---------------------------------------------------------------------------------------------
// vendas-por-categoria
// ---------------------------------------------------------------------------------------------

/** The pseudo-category of the products without one (always the last top-level row). */
export const SEM_CATEGORIA = 'Sem categoria';

/** Separator of `caminho`. */
export const SEPARADOR_CAMINHO_CATEGORIA = ' › ';

/**
 * Filters of vendas-por-categoria (spec §2: no search parameters but the period): the period,
 * page and `query` on the category's name (contains, ignoring case and accents: the matching
 * categories, each with its whole subtree's figures). produtoId is accepted and ignored.
 */
export const vendasPorCategoriaQuerySchema = comPeriodoValido(relatorioQueryBaseSchema);
export type VendasPorCategoriaQuery = z.infer<typeof vendasPorCategoriaQuerySchema>;

/**
 * One category of the tree (only categories with sales in their subtree). Rows come in tree
 * order (depth first; siblings by revenue, largest first), "Sem categoria" last.
 */
export const linhaVendasPorCategoriaSchema = z.object({
  /** Null for "Sem categoria". */
  categoriaId: z.uuid().nullable(),
  nome: z.string(),
  /** 0 = top level; the screen indents by it. */
  nivel: z.number().int(),
  /** The names from the top level down to this one, joined by SEPARADOR_CAMINHO_CATEGORIA. */
  caminho: z.string(),
  ...figurasShape,
});
export type LinhaVendasPorCategoria = z.infer<typeof linhaVendasPorCategoriaSchema>;

/** Totals of the products under the rows picked (each product once, however nested). */
export const totaisVendasPorCategoriaSchema = z.object({ categorias: z.number().int(), ...figurasShape });
export type TotaisVendasPorCategoria = z.infer<typeof totaisVendasPorCategoriaSchema>;

/** A slice of the chart: one top-level category (or "Sem categoria") and its revenue, whatever the query. */
export const fatiaVendasPorCategoriaSchema = z.object({
  categoriaId: z.uuid().nullable(),
  nome: z.string(),
  faturamento: z.number(),
  participacao: z.number().nullable(),
});
export type FatiaVendasPorCategoria = z.infer<typeof fatiaVendasPorCategoriaSchema>;

export const vendasPorCategoriaRespostaSchema = relatorioRespostaSchema(
  linhaVendasPorCategoriaSchema,
  totaisVendasPorCategoriaSchema,
  { grafico: z.array(fatiaVendasPorCategoriaSchema) },
);
export type VendasPorCategoriaResposta = z.infer<typeof vendasPorCategoriaRespostaSchema>;
