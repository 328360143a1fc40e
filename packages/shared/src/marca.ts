/**
 * Brands (marcas) of the product catalogue: /api/inventario/marcas. Source: DOMAIN.md §4;
 * spec §5 (list: page 1, pageSize 20, query empty). Names are unique per tenant, ignoring
 * case and accents ('Hills' and "Hill's" differ, 'Premiér' and 'premier' do not).
 */
import { z } from 'zod';
import { listQuerySchema } from './http.ts';
import { requiredText } from './validators.ts';

/** Create and update (PUT) body. */
export const marcaInputSchema = z.object({
  nome: requiredText('Nome', 80),
  ativo: z.boolean().default(true),
});
export type MarcaInput = z.input<typeof marcaInputSchema>;
export type MarcaInputParsed = z.output<typeof marcaInputSchema>;

export const marcaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  ativo: z.boolean(),
});
export type Marca = z.infer<typeof marcaSchema>;

/** List: search by name (accent-insensitive, contains), `ativo` filter; ordered by name. */
export const listMarcasQuerySchema = listQuerySchema.extend({
  ativo: z.enum(['true', 'false']).optional(),
});
export type ListMarcasQuery = z.infer<typeof listMarcasQuerySchema>;
