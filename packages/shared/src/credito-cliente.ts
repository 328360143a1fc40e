/**
 * Customer credit (*crédito do cliente*, DOMAIN.md §7): a ledger per person, tenant-wide
 * (credit left in one unit is used in another); the balance is the sum of the entries.
 * Credits come from deposits at the register, returns and cancelled sales; debits from sales
 * paid with it. Calls (spec §7 "Finance"): POST /api/financeiro/credito-cliente/creditos (a
 * manual credit or debit adjustment), GET /credito-cliente/{pessoaId}/creditos (the ledger,
 * paged, newest first) and GET /credito-cliente/{pessoaId}/total. Issue #4 item 8.
 */
import { z } from 'zod';
import { fromCents, toCents } from './format.ts';
import { listQuerySchema } from './http.ts';
import { numberInput, PRECO_MAXIMO, requiredText } from './validators.ts';

export const ORIGENS_CREDITO_CLIENTE = ['deposito', 'devolucao', 'venda', 'estorno_venda', 'ajuste'] as const;
export type OrigemCreditoCliente = (typeof ORIGENS_CREDITO_CLIENTE)[number];

export const ORIGEM_CREDITO_CLIENTE_LABEL: Record<OrigemCreditoCliente, string> = {
  deposito: 'Depósito',
  devolucao: 'Devolução',
  venda: 'Uso em venda',
  estorno_venda: 'Venda cancelada',
  ajuste: 'Ajuste',
};

/**
 * POST /credito-cliente/creditos body: valor in reais, signed (positive: credit; negative: a
 * debit adjustment, refused beyond the balance), never zero; rounded to the cent.
 */
export const creditoClienteInputSchema = z.object({
  pessoaId: z.uuid({ error: 'Cliente inválido' }),
  valor: numberInput('Valor')
    .refine((v) => v !== undefined, { error: 'Valor é obrigatório' })
    .transform((v) => fromCents(toCents(v ?? 0)))
    .refine((v) => v !== 0, { error: 'Valor deve ser diferente de zero' })
    .refine((v) => Math.abs(v) <= PRECO_MAXIMO, { error: 'Valor deve ser no máximo 999.999.999,99' }),
  descricao: requiredText('Descrição', 200),
});
export type CreditoClienteInput = z.input<typeof creditoClienteInputSchema>;
export type CreditoClienteInputParsed = z.output<typeof creditoClienteInputSchema>;

/** One ledger entry, with the balance right after it (`saldo`, reais). */
export const creditoClienteLancamentoSchema = z.object({
  id: z.string(),
  pessoaId: z.string(),
  /** Signed reais: + credit, − debit. */
  valor: z.number(),
  origem: z.enum(ORIGENS_CREDITO_CLIENTE),
  origemLabel: z.string(),
  origemId: z.string().nullable(),
  descricao: z.string(),
  usuario: z.object({ id: z.string(), nome: z.string() }).nullable(),
  unidadeNegocio: z.object({ id: z.string(), nomeFantasia: z.string() }).nullable(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
  /** Balance after this entry (reais). */
  saldo: z.number(),
});
export type CreditoClienteLancamento = z.infer<typeof creditoClienteLancamentoSchema>;

/** GET /credito-cliente/{pessoaId}/creditos: page, pageSize (the query is ignored). */
export const listCreditosClienteQuerySchema = listQuerySchema;
export type ListCreditosClienteQuery = z.infer<typeof listCreditosClienteQuerySchema>;

/** GET /credito-cliente/{pessoaId}/total. */
export const creditoClienteTotalSchema = z.object({ pessoaId: z.string(), total: z.number() });
export type CreditoClienteTotal = z.infer<typeof creditoClienteTotalSchema>;
