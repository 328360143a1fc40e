/**
 * The report `novos-clientes` (issue #20; spec §2 /relatorios/novos-clientes, §7 "Reports";
 * DOMAIN.md §3 customers, §11): customers REGISTERED in the period (the day of `created_at` in
 * the unit's time zone), how they found the shop (`comoConheceu`), and what they bought in the
 * selected unit: their first purchase there (date and value) and what they bought in the period.
 *
 * Unit scoping: the customer registry is the tenant's (every unit shares it), so every unit lists
 * the same new customers; the purchase figures are the SELECTED unit's sales only (sales are
 * unit-owned and row-level security keeps each unit to its own). Money in reais, conversion 0–100.
 */
import { z } from 'zod';
import { emptyToUndefined } from './http.ts';
import { comPeriodoValido, relatorioQueryBaseSchema, relatorioRespostaSchema } from './relatorios.ts';

/** What a customer without `comoConheceu` is grouped and filtered under. */
export const COMO_CONHECEU_NAO_INFORMADO = 'Não informado';

/** The sentence the screen and the PDF print (what is counted). */
export const CRITERIO_NOVOS_CLIENTES =
  'Clientes cadastrados no período (data do cadastro, no fuso da unidade). O cadastro de clientes é da empresa: todas as unidades listam os mesmos clientes novos; a primeira compra, a conversão e o total comprado contam só as vendas desta unidade. Primeira compra: a primeira venda finalizada do cliente nesta unidade, em qualquer data (valor líquido da venda). Total comprado no período: vendas finalizadas no período, sem canceladas, menos devoluções na data da devolução, desconto rateado e sem frete. Conversão = clientes com compra ÷ clientes novos.';

/**
 * Filters of novos-clientes: the base ones (period; `query` = name, e-mail, CPF/CNPJ or phone,
 * ignoring case and accents; `produtoId` is ignored) plus `comoConheceu` (the exact answer, e.g.
 * 'Instagram', or 'Não informado' for customers without one).
 */
export const novosClientesQuerySchema = comPeriodoValido(
  relatorioQueryBaseSchema.extend({
    comoConheceu: z.preprocess(
      emptyToUndefined,
      z.string().trim().max(60, { error: 'Como conheceu deve ter no máximo 60 caracteres' }).optional(),
    ),
  }),
);
export type NovosClientesQuery = z.infer<typeof novosClientesQuerySchema>;

/** One new customer (ordered by registration, then name). */
export const novoClienteSchema = z.object({
  pessoaId: z.uuid(),
  nome: z.string(),
  /** 'yyyy-MM-dd', the unit's day of the registration. */
  cadastradoEm: z.string(),
  /** The answer, or 'Não informado'. */
  comoConheceu: z.string(),
  /** The first phone, digits as typed; null without one. */
  telefone: z.string().nullable(),
  /** 'yyyy-MM-dd' (the unit's day) of the first finalised sale in this unit; null when none. */
  primeiraCompraEm: z.string().nullable(),
  /** That sale's net value (reais); null when none. */
  primeiraCompraValor: z.number().nullable(),
  /** Net sales to the customer in this unit in the period (reais; returns subtracted). */
  totalComprado: z.number(),
});
export type NovoCliente = z.infer<typeof novoClienteSchema>;

/** Totals of the whole period. */
export const novosClientesTotaisSchema = z.object({
  clientes: z.number().int(),
  /** Customers with a first purchase in this unit. */
  comCompra: z.number().int(),
  /** comCompra ÷ clientes × 100, 2 decimals; null without customers. */
  conversao: z.number().nullable(),
  /** Σ totalComprado (reais). */
  totalComprado: z.number(),
});
export type NovosClientesTotais = z.infer<typeof novosClientesTotaisSchema>;

/** One `comoConheceu` answer in the period (the donut), ordered by customers, then name. */
export const novosClientesOrigemSchema = z.object({
  comoConheceu: z.string(),
  clientes: z.number().int(),
  comCompra: z.number().int(),
});
export type NovosClientesOrigem = z.infer<typeof novosClientesOrigemSchema>;

/**
 * One bar of the chart: the customers registered from `inicio` to `fim` ('yyyy-MM-dd', both
 * included; a day, or 7 days counted from the period's first day, the last one shorter),
 * `porOrigem` by `comoConheceu`. Every day/week of the period is present, empty ones too.
 */
export const novosClientesGraficoPontoSchema = z.object({
  inicio: z.string(),
  fim: z.string(),
  clientes: z.number().int(),
  porOrigem: z.record(z.string(), z.number().int()),
});
export type NovosClientesGraficoPonto = z.infer<typeof novosClientesGraficoPontoSchema>;

/** Periods up to this many days are charted per day; longer ones per week. */
export const MAX_DIAS_GRAFICO_DIARIO = 31;

export const novosClientesRespostaSchema = relatorioRespostaSchema(novoClienteSchema, novosClientesTotaisSchema, {
  /** 'dia' or 'semana': the chart's bars. */
  agrupamento: z.enum(['dia', 'semana']),
  grafico: z.array(novosClientesGraficoPontoSchema),
  origens: z.array(novosClientesOrigemSchema),
});
export type NovosClientesResposta = z.infer<typeof novosClientesRespostaSchema>;
