/**
 * The ABC curves (issue #20; spec §7 "Reports": curva-abc-produtos and curva-abc-clientes;
 * DOMAIN.md §11): items (products or customers) ranked by revenue in the period, largest first;
 * class A holds the items that make the first 80 % of the revenue, B the next 15 %, C the last 5 %.
 */
import { z } from 'zod';
import { emptyToUndefined } from './http.ts';
import { comPeriodoValido, relatorioQueryBaseSchema, relatorioRespostaSchema } from './relatorios.ts';

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

// ---------------------------------------------------------------------------------------------
// The two reports' filters and answers (GET /api/relatorios/curva-abc-produtos and
// GET /api/relatorios/curva-abc-clientes).
// ---------------------------------------------------------------------------------------------

/** `?classe=A|B|C`: the rows of one class (their class is still the whole curve's). */
export const classeAbcFiltroSchema = z.preprocess(
  emptyToUndefined,
  z.enum(CLASSES_ABC_IDS, { error: 'Classe inválida: use A, B ou C' }).optional(),
);

/**
 * curva-abc-produtos: the base filters (period — default the current month —, page, query on the
 * product's name, code or barcode, produtoId: that product's row), `classe` (the rows of one
 * class) and `categoriaId`: the curve OF that category (with its sub-categories): the ranking,
 * the shares and the classes are computed among its products only. `query`, `produtoId` and
 * `classe` only pick rows of the curve: a row's position, shares and class stay the same.
 */
export const curvaAbcProdutosQuerySchema = comPeriodoValido(
  relatorioQueryBaseSchema.extend({
    classe: classeAbcFiltroSchema,
    categoriaId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Categoria inválida' }).optional()),
  }),
);
export type CurvaAbcProdutosQuery = z.infer<typeof curvaAbcProdutosQuerySchema>;

/**
 * curva-abc-clientes: the base filters (query on the customer's name or CPF/CNPJ; produtoId: the
 * curve of the customers of that product, computed on its sales only) and `classe`.
 */
export const curvaAbcClientesQuerySchema = comPeriodoValido(relatorioQueryBaseSchema.extend({ classe: classeAbcFiltroSchema }));
export type CurvaAbcClientesQuery = z.infer<typeof curvaAbcClientesQuerySchema>;

const classeSchema = z.enum(CLASSES_ABC_IDS);

/**
 * The figures every row of a curve carries: its position in the ranking (1 = largest revenue),
 * its net revenue in the period (reais), its share of the curve's revenue and the cumulative
 * share up to and including it (% 0–100, 2 decimals), its class.
 */
const linhaCurvaAbcShape = {
  posicao: z.number().int(),
  faturamento: z.number(),
  participacao: z.number(),
  acumulado: z.number(),
  classe: classeSchema,
};

export const linhaCurvaAbcProdutoSchema = z.object({
  produtoId: z.uuid(),
  produto: z.string(),
  codigo: z.string().nullable(),
  /** Net quantity sold (returns subtracted), up to 3 decimals. */
  quantidade: z.number(),
  ...linhaCurvaAbcShape,
});
export type LinhaCurvaAbcProduto = z.infer<typeof linhaCurvaAbcProdutoSchema>;

export const linhaCurvaAbcClienteSchema = z.object({
  clienteId: z.uuid(),
  cliente: z.string(),
  /** Sales finalised in the period for this customer (returns do not change the count). */
  compras: z.number().int(),
  /** faturamento ÷ compras (reais); null when no purchase in the period (only a return). */
  ticketMedio: z.number().nullable(),
  /** Day of the last purchase in the period ('yyyy-MM-dd', unit's time zone); null when none. */
  ultimaCompra: z.iso.date().nullable(),
  ...linhaCurvaAbcShape,
});
export type LinhaCurvaAbcCliente = z.infer<typeof linhaCurvaAbcClienteSchema>;

/** One class of the whole curve: how many items, their revenue and their share (%). */
export const resumoClasseAbcSchema = z.object({
  classe: classeSchema,
  itens: z.number().int(),
  faturamento: z.number(),
  participacao: z.number(),
});
export type ResumoClasseAbc = z.infer<typeof resumoClasseAbcSchema>;

/**
 * Totals of a curve: `faturamento`/`participacao` (and `quantidade`/`compras`) of the rows the
 * filters picked (the totals row), and `classes`: A, B and C of the WHOLE curve (always three
 * entries, in order), whatever `classe`/`query` picked. `faturamentoCurva`: the curve's revenue,
 * the base of every share (the items with positive revenue).
 */
const totaisCurvaAbcShape = {
  itens: z.number().int(),
  faturamento: z.number(),
  participacao: z.number(),
  faturamentoCurva: z.number(),
  classes: z.array(resumoClasseAbcSchema),
};

export const totaisCurvaAbcProdutosSchema = z.object({ ...totaisCurvaAbcShape, quantidade: z.number() });
export type TotaisCurvaAbcProdutos = z.infer<typeof totaisCurvaAbcProdutosSchema>;

export const totaisCurvaAbcClientesSchema = z.object({
  ...totaisCurvaAbcShape,
  compras: z.number().int(),
  /**
   * Sales without a customer ("Consumidor não identificado"): not in the curve, shown apart —
   * their number and net revenue in the period; `faturamentoGeral` = the curve's rows + these,
   * the unit's net sales of the period as every sales report counts them.
   */
  naoIdentificado: z.object({ compras: z.number().int(), faturamento: z.number() }),
  faturamentoGeral: z.number(),
});
export type TotaisCurvaAbcClientes = z.infer<typeof totaisCurvaAbcClientesSchema>;

/** Most points of the Pareto chart (a big catalogue is sampled; see pontoParetoSchema). */
export const MAX_PONTOS_PARETO = 100;

/**
 * A point of the Pareto chart: the item at `posicao` of the ranking (name, its revenue: the bar,
 * the cumulative share up to it: the line, its class). The whole curve when it has at most
 * MAX_PONTOS_PARETO items; otherwise evenly spaced items plus the first and last of each class,
 * in order of position (the line stays exact at every point; the bars are the sampled items').
 */
export const pontoParetoSchema = z.object({
  posicao: z.number().int(),
  nome: z.string(),
  faturamento: z.number(),
  acumulado: z.number(),
  classe: classeSchema,
});
export type PontoPareto = z.infer<typeof pontoParetoSchema>;

/** The chart's data besides the page: the Pareto points of the whole curve, and its item count. */
const extraCurvaAbcShape = { pareto: z.array(pontoParetoSchema), itensCurva: z.number().int() };

export const curvaAbcProdutosRespostaSchema = relatorioRespostaSchema(
  linhaCurvaAbcProdutoSchema,
  totaisCurvaAbcProdutosSchema,
  extraCurvaAbcShape,
);
export type CurvaAbcProdutosResposta = z.infer<typeof curvaAbcProdutosRespostaSchema>;

export const curvaAbcClientesRespostaSchema = relatorioRespostaSchema(
  linhaCurvaAbcClienteSchema,
  totaisCurvaAbcClientesSchema,
  extraCurvaAbcShape,
);
export type CurvaAbcClientesResposta = z.infer<typeof curvaAbcClientesRespostaSchema>;
