/**
 * A customer's money at a glance (DOMAIN.md §3 "summary *resumo*: total spent, last purchase,
 * average ticket, open balance, credit balance"; §6 "Deixar venda aberta … shows on the
 * customer's open sales until paid"; issue #4 item 8):
 * GET /api/pessoal/pessoas/{id}/vendas-em-aberto and GET /api/pessoal/pessoas/{id}/resumo.
 *
 * Sales and receivables belong to a unit: both answers cover the selected unit
 * (x-unidade-negocio). Customer credit is tenant-wide (DOMAIN.md §7). Money in reais.
 */
import { z } from 'zod';
import { vendaResumoSchema } from './venda.ts';

/**
 * An open receivable (*receita* EmAberto or BaixaParcial) the customer owes: *a prazo* and
 * boleto installments, and receivables entered by hand. Card and PIX receivables are owed by
 * the acquirer, not by the customer, and are not listed.
 */
export const receitaEmAbertoSchema = z.object({
  id: z.string(),
  descricao: z.string(),
  parcela: z.number().int(),
  totalParcelas: z.number().int(),
  /** yyyy-MM-dd. */
  dataVencimento: z.string(),
  valor: z.number(),
  valorPago: z.number(),
  /** valor − valorPago. */
  valorRestante: z.number(),
  status: z.enum(['EmAberto', 'BaixaParcial']),
  vendaId: z.string().nullable(),
  /** The sale's number (venda nº) when the receivable came from the till. */
  vendaNumero: z.number().int().nullable(),
  /** Due before the unit's today. */
  vencida: z.boolean(),
});
export type ReceitaEmAberto = z.infer<typeof receitaEmAbertoSchema>;

/**
 * GET /pessoas/{id}/vendas-em-aberto: the customer's sales left open in this unit (status
 * EmAberto, not being served at a till; oldest first), the open receivables (by due date) and
 * `totalEmAberto` = Σ vendas.valorEmAberto + Σ receitas.valorRestante.
 */
export const vendasEmAbertoSchema = z.object({
  vendas: z.array(vendaResumoSchema),
  receitas: z.array(receitaEmAbertoSchema),
  totalEmAberto: z.number(),
});
export type VendasEmAberto = z.infer<typeof vendasEmAbertoSchema>;

/**
 * GET /pessoas/{id}/resumo. totalGasto: Σ valorLiquido of the finalised sales minus what was
 * returned of them; quantidadeCompras: finalised sales; ticketMedio: totalGasto ÷
 * quantidadeCompras (0 without purchases); ultimaCompra: when the latest finalised sale was
 * finalised (ISO timestamp) or null; saldoEmAberto: as `totalEmAberto` above; saldoCredito:
 * the customer credit balance (tenant-wide).
 */
export const pessoaResumoSchema = z.object({
  totalGasto: z.number(),
  quantidadeCompras: z.number().int(),
  ticketMedio: z.number(),
  ultimaCompra: z.string().nullable(),
  saldoEmAberto: z.number(),
  saldoCredito: z.number(),
});
export type PessoaResumo = z.infer<typeof pessoaResumoSchema>;
