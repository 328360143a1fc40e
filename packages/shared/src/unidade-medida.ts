/**
 * Units of measure (unidades de medida) of the product catalogue: /api/inventario/unidades-medida.
 * Source: DOMAIN.md §4 (sigla such as UN, KG, G, L, ML, CX, SC and `permiteVendaFracionada`);
 * spec §3 (a quantity is shown with the sigla after it: 3 decimals when fractional sale is
 * allowed, otherwise a whole number) and §5 (list: page 1, pageSize 20, optional query).
 * Siglas are unique per tenant.
 */
import { z } from 'zod';
import { listQuerySchema } from './http.ts';
import { requiredText } from './validators.ts';

/** Sigla: 1..6 letters or digits, stored upper-case ('kg' → 'KG'). */
export const siglaUnidadeSchema = z
  .string({ error: 'Sigla é obrigatória' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'Sigla é obrigatória' })
  .max(6, { error: 'Sigla deve ter no máximo 6 caracteres' })
  .regex(/^[A-Z0-9]+$/, { error: 'Sigla deve ter somente letras e números' });

/** Create and update (PUT) body. */
export const unidadeMedidaInputSchema = z.object({
  sigla: siglaUnidadeSchema,
  descricao: requiredText('Descrição', 60),
  /** true: sold in fractions (3 decimals, e.g. 0,350 KG); false: whole quantities only. */
  permiteVendaFracionada: z.boolean({ error: 'Informe se permite venda fracionada' }).default(false),
  ativo: z.boolean().default(true),
});
export type UnidadeMedidaInput = z.input<typeof unidadeMedidaInputSchema>;
export type UnidadeMedidaInputParsed = z.output<typeof unidadeMedidaInputSchema>;

export const unidadeMedidaSchema = z.object({
  id: z.string(),
  sigla: z.string(),
  descricao: z.string(),
  permiteVendaFracionada: z.boolean(),
  ativo: z.boolean(),
});
export type UnidadeMedida = z.infer<typeof unidadeMedidaSchema>;

/** List: search by sigla or description (accent-insensitive), `ativo` filter; ordered by sigla. */
export const listUnidadesMedidaQuerySchema = listQuerySchema.extend({
  ativo: z.enum(['true', 'false']).optional(),
});
export type ListUnidadesMedidaQuery = z.infer<typeof listUnidadesMedidaQuerySchema>;
