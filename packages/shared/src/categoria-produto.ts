/**
 * Product categories (categorias de produto): /api/inventario/categorias-produto. A tree:
 * a category may have a parent (Rações › Rações para Cães); a category cannot be its own
 * ancestor. Names are unique per tenant, ignoring case and accents. Source: DOMAIN.md §4.
 */
import { z } from 'zod';
import { emptyToUndefined, listQuerySchema } from './http.ts';
import { requiredText } from './validators.ts';

/** Create and update (PUT) body. `categoriaPaiId` null or absent: a top-level category. */
export const categoriaProdutoInputSchema = z.object({
  nome: requiredText('Nome', 80),
  categoriaPaiId: z.preprocess(
    (v) => (v === null ? undefined : emptyToUndefined(v)),
    z.uuid({ error: 'Categoria pai inválida' }).optional(),
  ),
  ativo: z.boolean().default(true),
});
export type CategoriaProdutoInput = z.input<typeof categoriaProdutoInputSchema>;
export type CategoriaProdutoInputParsed = z.output<typeof categoriaProdutoInputSchema>;

export const categoriaProdutoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  categoriaPaiId: z.string().nullable(),
  categoriaPaiNome: z.string().nullable(),
  ativo: z.boolean(),
});
export type CategoriaProduto = z.infer<typeof categoriaProdutoSchema>;

/**
 * List: search by name (accent-insensitive, contains), `ativo` filter, `categoriaPaiId`
 * (direct children of that category); ordered by name.
 */
export const listCategoriasProdutoQuerySchema = listQuerySchema.extend({
  ativo: z.enum(['true', 'false']).optional(),
  categoriaPaiId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Categoria pai inválida' }).optional()),
});
export type ListCategoriasProdutoQuery = z.infer<typeof listCategoriasProdutoQuerySchema>;
