/**
 * The bath-and-grooming reports (issue #20; spec §2 and §7 "Reports"; DOMAIN.md §10, §11):
 *
 * - `banho-tosa-por-dia` (screen /relatorios/banho-tosa-por-periodo): the unit's appointments of
 *   types of the area "Banho e tosa" per day of the period (the unit's days, by the appointment's
 *   start): how many, how many in each status, pets served, revenue and the no-show rate.
 * - `atividades-banho-tosa-por-responsavel`: the same appointments per professional (the
 *   appointment's responsible user): appointments, pets, services, the average minutes in each
 *   stage of the grooming board (Banho, Secagem, Tosa), hours, revenue and the average ticket.
 *
 * Revenue (faturamento) of an appointment: what its sale collected: the net value (after the
 * discount, with the leva e traz fee) of its sale em atendimento once FINALISED, less what was
 * refunded by returns of that sale; an open, cancelled or missing sale (a package covers it)
 * counts 0. It is counted on the appointment's day. Money in reais, percentages 0–100.
 */
import { z } from 'zod';
import { STATUS_ATENDIMENTO_IDS, type StatusAtendimento } from './agenda.ts';
import { emptyToUndefined } from './http.ts';
import { comPeriodoValido, relatorioQueryBaseSchema, relatorioRespostaSchema } from './relatorios.ts';

/** The sentence both screens and PDFs print (what is counted). */
export const CRITERIO_BANHO_TOSA =
  'Atendimentos de banho e tosa (tipos da área Banho e tosa; consultas da clínica não entram) pelo dia de início, no fuso da unidade. Faturamento: o valor líquido da venda do atendimento quando finalizada (com desconto e leva e traz), menos devoluções dessa venda; vendas em aberto, canceladas ou atendimentos cobertos por pacote contam R$ 0,00. Não comparecimento (faltas) = não compareceu ÷ atendimentos não cancelados. Pets atendidos: pets distintos com atendimento em atendimento, pronto ou finalizado.';

/**
 * The sentence of the per-professional report: the banho-tosa rule plus how the stage minutes
 * are measured.
 */
export const CRITERIO_ATIVIDADES_BANHO_TOSA =
  'Atendimentos de banho e tosa (sem cancelados e não comparecimentos) pelo dia de início, no fuso da unidade, atribuídos ao responsável do atendimento. Minutos em cada etapa (banho / secagem / tosa): da entrada do pet na etapa no quadro até a mudança seguinte de atividade; etapas ainda abertas não contam; a média é por atendimento que passou pela etapa. Horas: a soma desses tempos. Faturamento: o valor líquido da venda do atendimento quando finalizada, menos devoluções; ticket médio = faturamento ÷ atendimentos faturados.';

/** The grooming board's stages that are timed (Aguardando is the queue; Finalizado, the end). */
export const ETAPAS_BANHO_TOSA = ['Banho', 'Secagem', 'Tosa'] as const;
export type EtapaBanhoTosa = (typeof ETAPAS_BANHO_TOSA)[number];

const statusFiltroSchema = z.preprocess(
  emptyToUndefined,
  z.enum(STATUS_ATENDIMENTO_IDS, { error: 'Status inválido' }).optional(),
);

/**
 * Filters of banho-tosa-por-dia: the base ones (period, `query` = pet or tutor name, ignoring case
 * and accents; `produtoId` = appointments with that service product) plus `tipoAtendimentoId` and
 * `status` (a key of STATUS_ATENDIMENTO).
 */
export const banhoTosaPorDiaQuerySchema = comPeriodoValido(
  relatorioQueryBaseSchema.extend({
    tipoAtendimentoId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Tipo de atendimento inválido' }).optional()),
    status: statusFiltroSchema,
  }),
);
export type BanhoTosaPorDiaQuery = z.infer<typeof banhoTosaPorDiaQuerySchema>;

/** Appointments in each status (every key of STATUS_ATENDIMENTO). */
export const contagemPorStatusSchema = z.object(
  Object.fromEntries(STATUS_ATENDIMENTO_IDS.map((s) => [s, z.number().int()])) as Record<StatusAtendimento, z.ZodNumber>,
);
export type ContagemPorStatus = Record<StatusAtendimento, number>;

/** One day of banho-tosa-por-dia (only days with appointments are rows; ordered by day). */
export const banhoTosaDiaSchema = z.object({
  /** 'yyyy-MM-dd', the unit's day. */
  data: z.string(),
  atendimentos: z.number().int(),
  porStatus: contagemPorStatusSchema,
  /** Distinct pets with an appointment EmAtendimento, Pronto or Finalizado that day. */
  petsAtendidos: z.number().int(),
  /** Reais. */
  faturamento: z.number(),
  /** NaoCompareceu ÷ (atendimentos − Cancelado) × 100, null when no appointment was left. */
  taxaNaoComparecimento: z.number().nullable(),
});
export type BanhoTosaDia = z.infer<typeof banhoTosaDiaSchema>;

/** Totals of the whole period (pets: distinct over the period). */
export const banhoTosaTotaisSchema = banhoTosaDiaSchema.omit({ data: true }).extend({ dias: z.number().int() });
export type BanhoTosaTotais = z.infer<typeof banhoTosaTotaisSchema>;

/** One appointment type in the period (the breakdown by type), ordered by count. */
export const banhoTosaTipoSchema = z.object({
  tipoAtendimentoId: z.string(),
  nome: z.string(),
  /** '#RRGGBB'. */
  cor: z.string(),
  atendimentos: z.number().int(),
  faturamento: z.number(),
});
export type BanhoTosaTipo = z.infer<typeof banhoTosaTipoSchema>;

/** A point of the chart: every day of the rows (all, not the page's) with counts per status and revenue. */
export const banhoTosaGraficoSchema = z.object({
  data: z.string(),
  porStatus: contagemPorStatusSchema,
  faturamento: z.number(),
});
export type BanhoTosaGraficoPonto = z.infer<typeof banhoTosaGraficoSchema>;

export const banhoTosaPorDiaRespostaSchema = relatorioRespostaSchema(banhoTosaDiaSchema, banhoTosaTotaisSchema, {
  /** Types in the period (every type, ordered by appointments, then name). */
  tipos: z.array(banhoTosaTipoSchema),
  /** Every day of the period that has appointments (the chart), ordered by day. */
  grafico: z.array(banhoTosaGraficoSchema),
});
export type BanhoTosaPorDiaResposta = z.infer<typeof banhoTosaPorDiaRespostaSchema>;

/** Filters of atividades-banho-tosa-por-responsavel: the period and `query` (the professional's name). */
export const atividadesBanhoTosaQuerySchema = comPeriodoValido(relatorioQueryBaseSchema);
export type AtividadesBanhoTosaQuery = z.infer<typeof atividadesBanhoTosaQuerySchema>;

/** Minutes per stage (average per appointment that went through it; null when none did). */
const minutosEtapasSchema = z.object({
  Banho: z.number().nullable(),
  Secagem: z.number().nullable(),
  Tosa: z.number().nullable(),
});

/** One professional (null id: appointments without a responsible). Ordered by revenue, then name. */
export const atividadeResponsavelSchema = z.object({
  responsavelId: z.string().nullable(),
  nome: z.string(),
  /** Appointments not cancelled and not no-shows. */
  atendimentos: z.number().int(),
  /** Of those, Pronto or Finalizado. */
  concluidos: z.number().int(),
  /** Distinct pets. */
  pets: z.number().int(),
  /** Services (atendimento_servicos) of the concluded appointments. */
  servicos: z.number().int(),
  /** Average minutes in each stage (1 decimal). */
  minutosPorEtapa: minutosEtapasSchema,
  /** Hours measured in the stages (2 decimals). */
  horas: z.number(),
  faturamento: z.number(),
  /** Appointments with revenue > 0. */
  atendimentosFaturados: z.number().int(),
  /** faturamento ÷ atendimentosFaturados, null without one. */
  ticketMedio: z.number().nullable(),
});
export type AtividadeResponsavel = z.infer<typeof atividadeResponsavelSchema>;

export const atividadesTotaisSchema = atividadeResponsavelSchema.omit({ responsavelId: true, nome: true }).extend({
  profissionais: z.number().int(),
});
export type AtividadesTotais = z.infer<typeof atividadesTotaisSchema>;

/** Services done per professional and type (the breakdown "by type"). */
export const atividadeTipoSchema = z.object({
  responsavelId: z.string().nullable(),
  tipoAtendimentoId: z.string(),
  nome: z.string(),
  atendimentos: z.number().int(),
});

export const atividadesBanhoTosaRespostaSchema = relatorioRespostaSchema(atividadeResponsavelSchema, atividadesTotaisSchema, {
  /** Every professional (not the page's): revenue and pets, for the chart. */
  grafico: z.array(z.object({ nome: z.string(), faturamento: z.number(), pets: z.number().int() })),
  /** Concluded appointments per professional and type. */
  porTipo: z.array(atividadeTipoSchema),
});
export type AtividadesBanhoTosaResposta = z.infer<typeof atividadesBanhoTosaRespostaSchema>;
