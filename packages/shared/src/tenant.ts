/**
 * Tenants: customer companies of the SaaS, managed by platform operators only
 * (/api/manager/tenants). Source: DOMAIN.md §1-§2.
 */
import { z } from 'zod';
import { listQuerySchema } from './http.ts';
import { cnpjSchema, emailSchema, novaSenhaSchema, optional, requiredText } from './validators.ts';

export const PLANOS = { basico: 'Básico', profissional: 'Profissional', rede: 'Rede' } as const;
export type Plano = keyof typeof PLANOS;

const limite = (label: string) =>
  z.coerce
    .number({ error: `${label} inválido` })
    .int({ error: `${label} inválido` })
    .min(1, { error: `${label} deve ser ao menos 1` })
    .max(10_000, { error: `${label} deve ser no máximo 10.000` });

const tenantBase = {
  nome: requiredText('Nome', 120),
  cnpj: optional(cnpjSchema),
  plano: z.enum(['basico', 'profissional', 'rede'], { error: 'Plano inválido' }).default('basico'),
  ativo: z.boolean().default(true),
  limiteUnidades: limite('Limite de unidades').default(1),
  limiteUsuarios: limite('Limite de usuários').default(5),
};

/** POST body: the tenant plus its first administrator; the first unit gets the tenant's name. */
export const createTenantInputSchema = z.object({
  ...tenantBase,
  cnpj: cnpjSchema,
  administrador: z.object({
    nome: requiredText('Nome do administrador', 120),
    email: emailSchema,
    senha: novaSenhaSchema,
  }),
});
export type CreateTenantInput = z.input<typeof createTenantInputSchema>;

export const updateTenantInputSchema = z.object(tenantBase);
export type UpdateTenantInput = z.input<typeof updateTenantInputSchema>;

export const tenantSchema = z.object({
  id: z.string(),
  nome: z.string(),
  cnpj: z.string().nullable(),
  plano: z.string(),
  ativo: z.boolean(),
  limiteUnidades: z.number(),
  limiteUsuarios: z.number(),
  totalUnidades: z.number(),
  totalUsuarios: z.number(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const listTenantsQuerySchema = listQuerySchema;
