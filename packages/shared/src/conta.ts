/**
 * Financial accounts (*contas*, DOMAIN.md §7): the drawer's cash account, bank accounts and
 * wallets of a business unit, each with its balance (saldo inicial + Σ its ledger).
 * /api/financeiro/contas (spec §7 "Finance"; spec §5 "financial accounts lists: page 1,
 * pageSize 20"). Names are unique per unit, ignoring case and accents. Issue #4 item 1.
 */
import { z } from 'zod';
import { fromCents, toCents } from './format.ts';
import { listQuerySchema } from './http.ts';
import { numberInput, optional, optionalText, PRECO_MAXIMO, requiredText } from './validators.ts';

export const TIPOS_CONTA = ['caixa', 'banco', 'carteira'] as const;
export type TipoConta = (typeof TIPOS_CONTA)[number];

export const TIPO_CONTA_LABEL: Record<TipoConta, string> = {
  caixa: 'Caixa',
  banco: 'Banco',
  carteira: 'Carteira',
};

const tipoContaSchema = z.enum(TIPOS_CONTA, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'Tipo é obrigatório' : 'Tipo inválido',
});

/**
 * Create and update (PUT) body. saldoInicial: reais, may be negative (an overdrawn account),
 * rounded to the cent; absent → 0.
 */
export const contaInputSchema = z.object({
  nome: requiredText('Nome', 60),
  tipo: tipoContaSchema,
  banco: optionalText('Banco', 60),
  agencia: optionalText('Agência', 20),
  numeroConta: optionalText('Número da conta', 30),
  saldoInicial: numberInput('Saldo inicial')
    .transform((v) => v ?? 0)
    .refine((v) => Math.abs(v) <= PRECO_MAXIMO, { error: 'Saldo inicial deve estar entre -999.999.999,99 e 999.999.999,99' })
    .transform((v) => fromCents(toCents(v))),
  ativo: z.boolean().default(true),
});
export type ContaInput = z.input<typeof contaInputSchema>;
export type ContaInputParsed = z.output<typeof contaInputSchema>;

/** An account with its current balance (reais). */
export const contaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.enum(TIPOS_CONTA),
  banco: z.string().nullable(),
  agencia: z.string().nullable(),
  numeroConta: z.string().nullable(),
  saldoInicial: z.number(),
  saldo: z.number(),
  ativo: z.boolean(),
});
export type Conta = z.infer<typeof contaSchema>;

/** List: search by name or bank (accent-insensitive, contains), `ativo` and `tipo` filters; ordered by name. */
export const listContasQuerySchema = listQuerySchema.extend({
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
  tipo: optional(tipoContaSchema),
});
export type ListContasQuery = z.infer<typeof listContasQuerySchema>;
