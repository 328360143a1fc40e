/**
 * GET /api/indicadores (issue #20 item 2; DOMAIN.md §11): the home page's figures for the selected
 * unit. Each indicator is PRESENT only when the user's profile in that unit may see it (DOMAIN.md
 * §1, `PERMISSOES_INDICADOR`) and its module exists; otherwise the key is ABSENT (never null or a
 * zero standing in for "not allowed"). Money in reais (2 decimals), dates 'yyyy-MM-dd' in the
 * unit's time zone ("today" is the unit's today).
 */
import { z } from 'zod';
import { PERMISSOES, perfilPode, type Permissao } from './permissoes.ts';

/** Revenue of a span of days: net sales (CRITERIO_VENDAS), how many sales, the average ticket. */
export const faturamentoPeriodoSchema = z.object({
  /** First and last day, both included. */
  dataInicio: z.iso.date(),
  dataFim: z.iso.date(),
  /** Σ revenue (returns in the span subtracted), reais. */
  valor: z.number(),
  /** Sales finalised in the span (returns do not change the count). */
  vendas: z.number().int(),
  /** valor ÷ vendas (0 without sales), reais. */
  ticketMedio: z.number(),
});
export type FaturamentoPeriodo = z.infer<typeof faturamentoPeriodoSchema>;

export const faturamentoIndicadorSchema = z.object({
  hoje: faturamentoPeriodoSchema,
  /** The same day of last month (the last day when last month is shorter). */
  mesmoDiaMesAnterior: faturamentoPeriodoSchema,
  /** This month to date: the 1st up to today. */
  mes: faturamentoPeriodoSchema,
  /** Last month's 1st up to the same day (clamped to its last day). */
  mesAnterior: faturamentoPeriodoSchema,
  /** (mes − mesAnterior) ÷ mesAnterior × 100, 1 decimal; null when last month's span sold nothing. */
  variacaoMes: z.number().nullable(),
  /** Same for today against the same day of last month. */
  variacaoHoje: z.number().nullable(),
  /** The last 30 days (today included), oldest first, every day present (0 when nothing sold). */
  ultimos30Dias: z.array(z.object({ data: z.iso.date(), valor: z.number() })),
  /**
   * This month's payments of the sales finalised this month, per payment method (cash net of
   * change), largest first. Returns are NOT subtracted here (a refund goes out as cash or credit,
   * whatever the method paid), so Σ may exceed `mes.valor` by the month's returns; freight is in.
   */
  porFormaPagamento: z.array(z.object({ formaPagamentoId: z.uuid(), nome: z.string(), tipo: z.string(), valor: z.number() })),
  /** The sentence of what was counted (CRITERIO_VENDAS). */
  criterio: z.string(),
});
export type FaturamentoIndicador = z.infer<typeof faturamentoIndicadorSchema>;

/** A cashier's own day: their open register (null when none) and their sales today. */
export const meuCaixaIndicadorSchema = z.object({
  caixa: z
    .object({
      id: z.uuid(),
      numero: z.number().int(),
      /** ISO instant. */
      dataAbertura: z.string(),
      /** Cash expected in the drawer now (opening + cash in − cash out, net of change), reais. */
      saldoDinheiro: z.number(),
    })
    .nullable(),
  /** Their sales finalised today (same rule as the revenue), count and net total. */
  vendasHoje: z.object({ vendas: z.number().int(), valor: z.number() }),
});
export type MeuCaixaIndicador = z.infer<typeof meuCaixaIndicadorSchema>;

/** Today's appointments of the unit, by status (every status present, 0 when none). */
export const agendaHojeIndicadorSchema = z.object({
  total: z.number().int(),
  porStatus: z.array(z.object({ status: z.string(), label: z.string(), quantidade: z.number().int() })),
});
export type AgendaHojeIndicador = z.infer<typeof agendaHojeIndicadorSchema>;

/** Active customers and living, active pets born on today's day and month (29/02 on 28/02 in other years). */
export const aniversariantesIndicadorSchema = z.object({
  clientes: z.number().int(),
  pets: z.number().int(),
  /** Up to 5 first names of each, alphabetical. */
  nomesClientes: z.array(z.string()),
  nomesPets: z.array(z.string()),
});
export type AniversariantesIndicador = z.infer<typeof aniversariantesIndicadorSchema>;

const contagemValorSchema = z.object({ quantidade: z.number().int(), valor: z.number() });

/** The unit's open payables (valor − valorPago): overdue, due today, due in the next 7 days (after today). */
export const contasPagarIndicadorSchema = z.object({
  vencidas: contagemValorSchema,
  hoje: contagemValorSchema,
  proximos7Dias: contagemValorSchema,
});
export type ContasPagarIndicador = z.infer<typeof contasPagarIndicadorSchema>;

/** Stock-controlled products below their minimum (or negative), as /relatorios/posicao-estoque?situacao=abaixo_minimo lists them. */
export const estoqueBaixoIndicadorSchema = z.object({ quantidade: z.number().int() });
export type EstoqueBaixoIndicador = z.infer<typeof estoqueBaixoIndicadorSchema>;

/** Lots with quantity left: expired (validity before today) and expiring within 30 days; value at cost. */
export const lotesVencendoIndicadorSchema = z.object({
  vencidos: contagemValorSchema,
  vencendo30Dias: contagemValorSchema,
});
export type LotesVencendoIndicador = z.infer<typeof lotesVencendoIndicadorSchema>;

/** Pending vaccine doses of the unit: overdue and due from today to today + 7. */
export const dosesDevidasIndicadorSchema = z.object({
  atrasadas: z.number().int(),
  proximos7Dias: z.number().int(),
});
export type DosesDevidasIndicador = z.infer<typeof dosesDevidasIndicadorSchema>;

/** The answer: the unit's today and each indicator the profile may see (absent otherwise). */
export const indicadoresSchema = z.object({
  hoje: z.iso.date(),
  faturamento: faturamentoIndicadorSchema.optional(),
  meuCaixa: meuCaixaIndicadorSchema.optional(),
  agendaHoje: agendaHojeIndicadorSchema.optional(),
  aniversariantes: aniversariantesIndicadorSchema.optional(),
  contasPagar: contasPagarIndicadorSchema.optional(),
  estoqueBaixo: estoqueBaixoIndicadorSchema.optional(),
  lotesVencendo: lotesVencendoIndicadorSchema.optional(),
  dosesDevidas: dosesDevidasIndicadorSchema.optional(),
});
export type Indicadores = z.infer<typeof indicadoresSchema>;
export type IndicadorId = Exclude<keyof Indicadores, 'hoje'>;

/** Which permissions open each indicator (any one of them), DOMAIN.md §1. */
export const PERMISSOES_INDICADOR: Record<Exclude<IndicadorId, 'meuCaixa'>, readonly Permissao[]> = {
  faturamento: [PERMISSOES.relatorios, PERMISSOES.financeiro],
  agendaHoje: [PERMISSOES.agenda, PERMISSOES.banhoTosa],
  aniversariantes: [PERMISSOES.clientes],
  contasPagar: [PERMISSOES.financeiro],
  estoqueBaixo: [PERMISSOES.estoque, PERMISSOES.produtos],
  lotesVencendo: [PERMISSOES.estoque, PERMISSOES.relatorios],
  dosesDevidas: [PERMISSOES.clinica, PERMISSOES.clientes],
};

/**
 * The indicators profile `perfilId` sees. `meuCaixa` is a cashier's: `caixa` without
 * `relatorios`/`financeiro` (who sees the company's revenue instead).
 */
export const indicadoresDoPerfil = (perfilId: string | null | undefined): IndicadorId[] => {
  const ids = (Object.keys(PERMISSOES_INDICADOR) as (keyof typeof PERMISSOES_INDICADOR)[]).filter((id) =>
    PERMISSOES_INDICADOR[id].some((p) => perfilPode(perfilId, p)),
  );
  const veFaturamento = ids.includes('faturamento');
  return perfilPode(perfilId, PERMISSOES.caixa) && !veFaturamento ? [...ids, 'meuCaixa'] : ids;
};
