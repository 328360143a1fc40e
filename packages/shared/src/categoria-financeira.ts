/**
 * Financial categories (*categorias financeiras*, DOMAIN.md §7): a tree of income (receita)
 * and expense (despesa) categories, the lines of a simple income statement (DRE).
 * /api/financeiro/categorias-financeiro (spec §7 "Finance"; spec §5 "financial categories
 * list: optional query"). A child has its parent's kind; a category is never its own
 * ancestor. Names are unique per tenant and kind, ignoring case and accents. Issue #4 item 1.
 */
import { z } from 'zod';
import { emptyToUndefined, listQuerySchema } from './http.ts';
import { optional, requiredText } from './validators.ts';

export const TIPOS_CATEGORIA_FINANCEIRA = ['receita', 'despesa'] as const;
export type TipoCategoriaFinanceira = (typeof TIPOS_CATEGORIA_FINANCEIRA)[number];

export const TIPO_CATEGORIA_FINANCEIRA_LABEL: Record<TipoCategoriaFinanceira, string> = {
  receita: 'Receita',
  despesa: 'Despesa',
};

/** Separator of the path shown for a category ('Despesas operacionais › Aluguel'). */
export const CAMINHO_SEPARADOR = ' › ';

const tipoCategoriaSchema = z.enum(TIPOS_CATEGORIA_FINANCEIRA, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'Tipo é obrigatório' : 'Tipo inválido',
});

/** Create and update (PUT) body. `categoriaPaiId` null or absent: a top-level category. */
export const categoriaFinanceiraInputSchema = z.object({
  nome: requiredText('Nome', 80),
  tipo: tipoCategoriaSchema,
  categoriaPaiId: z.preprocess(
    (v) => (v === null ? undefined : emptyToUndefined(v)),
    z.uuid({ error: 'Categoria pai inválida' }).optional(),
  ),
  ativo: z.boolean().default(true),
});
export type CategoriaFinanceiraInput = z.input<typeof categoriaFinanceiraInputSchema>;
export type CategoriaFinanceiraInputParsed = z.output<typeof categoriaFinanceiraInputSchema>;

/** A category with its parent's name and its full path from the root. */
export const categoriaFinanceiraSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.enum(TIPOS_CATEGORIA_FINANCEIRA),
  categoriaPaiId: z.string().nullable(),
  categoriaPaiNome: z.string().nullable(),
  /** 'Despesas operacionais › Aluguel'. */
  caminho: z.string(),
  ativo: z.boolean(),
});
export type CategoriaFinanceira = z.infer<typeof categoriaFinanceiraSchema>;

/**
 * List: optional search by name (accent-insensitive, contains), `tipo` and `ativo` filters;
 * ordered as a tree (receitas first, then by path).
 */
export const listCategoriasFinanceirasQuerySchema = listQuerySchema.extend({
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
  tipo: optional(tipoCategoriaSchema),
});
export type ListCategoriasFinanceirasQuery = z.infer<typeof listCategoriasFinanceirasQuerySchema>;
