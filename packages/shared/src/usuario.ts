/**
 * Users of a tenant (/api/auth/usuarios). A user has one profile per unit (DOMAIN.md §1).
 * Create and update are multipart: a `dados` part with this JSON and an optional `foto` file.
 */
import { z } from 'zod';
import { listQuerySchema } from './http.ts';
import { PERFIL_IDS } from './permissoes.ts';
import {
  cpfSchema,
  emailSchema,
  novaSenhaSchema,
  numberInput,
  optional,
  optionalText,
  requiredText,
  telefoneSchema,
} from './validators.ts';

export const usuarioUnidadeInputSchema = z.object({
  unidadeNegocioId: z.uuid({ error: 'Unidade inválida' }),
  perfilId: z.enum(PERFIL_IDS, { error: 'Perfil inválido' }),
});

/**
 * The largest discount (percent of the sale's gross value, 0–100, 2 decimals) the user gives at
 * the till without a manager's authorisation (issue #22 item 4); absent, '' or null = no limit.
 */
export const descontoMaximoInput = numberInput('Desconto máximo (%)')
  .refine((v) => v === undefined || (v >= 0 && v <= 100), { error: 'Desconto máximo (%) deve estar entre 0 e 100' })
  .transform((v) => (v === undefined ? null : Math.round(v * 100) / 100));

const usuarioBase = {
  nome: requiredText('Nome', 120),
  email: emailSchema,
  cpf: optional(cpfSchema),
  telefone: optional(telefoneSchema),
  /** Veterinarians: the council registration printed on prescriptions and documents ('CRMV-SP 12345'). */
  crmv: optionalText('CRMV', 30),
  ativo: z.boolean().default(true),
  descontoMaximo: descontoMaximoInput,
  unidades: z
    .array(usuarioUnidadeInputSchema, { error: 'Informe ao menos uma unidade' })
    .min(1, { error: 'Informe ao menos uma unidade' })
    .refine((list) => new Set(list.map((u) => u.unidadeNegocioId)).size === list.length, {
      error: 'Cada unidade só pode aparecer uma vez',
    }),
};

export const createUsuarioInputSchema = z.object({ ...usuarioBase, senha: novaSenhaSchema });
export type CreateUsuarioInput = z.infer<typeof createUsuarioInputSchema>;

/** Update: `senha` set means an administrator resets it (the user's sessions end). */
export const updateUsuarioInputSchema = z.object({ ...usuarioBase, senha: optional(novaSenhaSchema) });
export type UpdateUsuarioInput = z.infer<typeof updateUsuarioInputSchema>;

export const usuarioSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  telefone: z.string().nullable(),
  crmv: z.string().nullable(),
  fotoUrl: z.string().nullable(),
  ativo: z.boolean(),
  /** Percent 0–100 (see `descontoMaximoInput`); null = no limit. */
  descontoMaximo: z.number().nullable(),
  operadorPlataforma: z.boolean(),
  unidades: z.array(
    z.object({
      unidadeNegocioId: z.string(),
      unidadeNegocioNome: z.string(),
      perfilId: z.string(),
      perfilNome: z.string(),
    }),
  ),
  createdAt: z.string(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

export const listUsuariosQuerySchema = listQuerySchema.extend({
  ativo: z.enum(['true', 'false']).optional(),
});
export type ListUsuariosQuery = z.infer<typeof listUsuariosQuerySchema>;
