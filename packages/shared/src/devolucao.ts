/**
 * Returns (*devoluções*) of a finalised sale (spec §7 "Returns"; DOMAIN.md §6; issue #4
 * item 7): items and quantities of the sale, never more than sold minus already returned;
 * the stock comes back; the refund is cash out of the user's open register or credit to the
 * customer. What each unit refunds comes from `valoresDevolviveis` (@petshop/shared/venda):
 * the item's net value with its share of the sale discount; returning all that is left of a
 * line refunds exactly the rest of its net value. Money in reais.
 */
import { z } from 'zod';
import { emptyToUndefined } from './http.ts';
import { numberInput, optionalText, QUANTIDADE_MAXIMA } from './validators.ts';

export const TIPOS_REEMBOLSO = ['dinheiro', 'credito_cliente'] as const;
export type TipoReembolso = (typeof TIPOS_REEMBOLSO)[number];
export const TIPO_REEMBOLSO_LABEL: Record<TipoReembolso, string> = {
  dinheiro: 'Dinheiro (do caixa)',
  credito_cliente: 'Crédito do cliente',
};

/**
 * POST /api/comercial/devolucoes. `id` (optional) is the client's uuid for the return: sent
 * again (double click, retry) it answers the return already made instead of making another.
 */
export const devolucaoInputSchema = z.object({
  id: z.preprocess(emptyToUndefined, z.uuid({ error: 'Devolução inválida' }).optional()),
  vendaId: z.uuid({ error: 'Venda inválida' }),
  itens: z
    .array(
      z.object({
        vendaItemId: z.uuid({ error: 'Item inválido' }),
        quantidade: numberInput('Quantidade')
          .refine((v) => v !== undefined, { error: 'Quantidade é obrigatória' })
          .refine((v) => v === undefined || v > 0, { error: 'Quantidade deve ser maior que zero' })
          .refine((v) => v === undefined || v <= QUANTIDADE_MAXIMA, { error: 'Quantidade é grande demais' })
          .transform((v) => v as number),
      }),
    )
    .min(1, { error: 'Escolha ao menos um item para devolver' })
    .max(500),
  reembolso: z.enum(TIPOS_REEMBOLSO, { error: 'Escolha como devolver o dinheiro' }),
  motivo: optionalText('Motivo', 500),
});
export type DevolucaoInput = z.input<typeof devolucaoInputSchema>;
export type DevolucaoInputParsed = z.output<typeof devolucaoInputSchema>;

export const devolucaoItemSchema = z.object({
  id: z.string(),
  vendaItemId: z.string(),
  produtoId: z.string(),
  /** The product's name as sold. */
  descricao: z.string(),
  unidadeSigla: z.string(),
  quantidade: z.number(),
  /** Net value refunded per unit (reais). */
  valorUnitario: z.number(),
  valorTotal: z.number(),
});
export type DevolucaoItem = z.infer<typeof devolucaoItemSchema>;

/** A return as POST answers it (201) and GET /devolucoes/{id} reads it. */
export const devolucaoSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  createdAt: z.string(),
  venda: z.object({ id: z.string(), numero: z.number().int() }),
  cliente: z.object({ id: z.string(), nome: z.string() }).nullable(),
  usuario: z.object({ id: z.string(), nome: z.string() }),
  reembolso: z.enum(TIPOS_REEMBOLSO),
  motivo: z.string().nullable(),
  /** The register the cash came out of (reembolso 'dinheiro'). */
  caixaId: z.string().nullable(),
  valorTotal: z.number(),
  itens: z.array(devolucaoItemSchema),
});
export type Devolucao = z.infer<typeof devolucaoSchema>;
