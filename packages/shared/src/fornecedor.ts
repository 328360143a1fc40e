/**
 * Suppliers (fornecedores): /api/inventario/fornecedores (list GET with params, POST,
 * GET/PUT/DELETE by id). A company (CNPJ) or a person (CPF); the document is optional but,
 * when given, must have valid check digits and be unique per tenant (purchases match the
 * supplier of an NF-e by it, DOMAIN.md §5). Source: DOMAIN.md §5; issue #3 item 4.
 */
import { z } from 'zod';
import { enderecoOutputSchema, enderecoSchema } from './endereco.ts';
import { listQuerySchema } from './http.ts';
import { cpfCnpjSchema, emailSchema, optional, optionalText, requiredText, telefoneSchema } from './validators.ts';

/** Create and update (PUT) body. */
export const fornecedorInputSchema = z.object({
  /** Razão social of a company, or the full name of a person. */
  razaoSocial: requiredText('Razão social / nome', 120),
  nomeFantasia: optionalText('Nome fantasia', 120),
  /** CPF (11 digits) or CNPJ (14 digits), stored as digits only. */
  cpfCnpj: optional(cpfCnpjSchema),
  inscricaoEstadual: optional(
    z
      .string()
      .trim()
      .regex(/^(ISENTO|\d{2,14})$/i, { error: 'Inscrição estadual inválida (somente números ou ISENTO)' })
      .transform((v) => v.toUpperCase()),
  ),
  email: optional(emailSchema),
  telefone: optional(telefoneSchema),
  /** The contact person at the supplier (sales representative). */
  contato: optionalText('Contato', 120),
  endereco: enderecoSchema.default({}),
  observacoes: optionalText('Observações', 2000),
  ativo: z.boolean().default(true),
});
export type FornecedorInput = z.input<typeof fornecedorInputSchema>;
export type FornecedorInputParsed = z.output<typeof fornecedorInputSchema>;

export const fornecedorSchema = z.object({
  id: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  cpfCnpj: z.string().nullable(),
  inscricaoEstadual: z.string().nullable(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  contato: z.string().nullable(),
  endereco: enderecoOutputSchema,
  observacoes: z.string().nullable(),
  ativo: z.boolean(),
  createdAt: z.string(),
});
export type Fornecedor = z.infer<typeof fornecedorSchema>;

/**
 * List: search by razão social, nome fantasia (accent-insensitive, contains) or CPF/CNPJ
 * (digits, with or without punctuation), `ativo` filter; ordered by razão social.
 */
export const listFornecedoresQuerySchema = listQuerySchema.extend({
  ativo: z.enum(['true', 'false']).optional(),
});
export type ListFornecedoresQuery = z.infer<typeof listFornecedoresQuerySchema>;
