/**
 * Business units (unidades de negócio). Source: DOMAIN.md §2; spec §7 "Business units".
 * Create and update are multipart: `dados` (this JSON), optional `logo` (image) and
 * `certificado` (A1 .pfx/.p12 file, with `fiscal.certificadoSenha` in `dados`).
 * The certificate and its password are stored encrypted and never returned.
 */
import { z } from 'zod';
import { enderecoOutputSchema, enderecoSchema } from './endereco.ts';
import { DEFAULT_TIME_ZONE } from './format.ts';
import { listQuerySchema } from './http.ts';
import { cnpjSchema, emailSchema, optional, optionalText, requiredText, telefoneSchema } from './validators.ts';

/** Código de Regime Tributário (NF-e tag CRT). */
export const CRTS = {
  '1': 'Simples Nacional',
  '2': 'Simples Nacional - excesso de sublimite',
  '3': 'Regime Normal',
  '4': 'Simples Nacional - MEI',
} as const;
export type Crt = keyof typeof CRTS;

/** NF-e environment (tpAmb 1 produção, 2 homologação). */
export const AMBIENTES = { homologacao: 'Homologação', producao: 'Produção' } as const;
export type Ambiente = keyof typeof AMBIENTES;

/** Default time zone of a unit (DOMAIN.md §2). */
export { DEFAULT_TIME_ZONE };

/** Time zones of Brazil (IANA). */
export const TIME_ZONES_BR = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Manaus',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
] as const;

export const fiscalInputSchema = z.object({
  crt: z.enum(['1', '2', '3', '4'], { error: 'Regime tributário inválido' }).default('1'),
  ambiente: z.enum(['homologacao', 'producao'], { error: 'Ambiente inválido' }).default('homologacao'),
  nfceSerie: z.coerce
    .number({ error: 'Série inválida' })
    .int({ error: 'Série inválida' })
    .min(0, { error: 'Série deve estar entre 0 e 999' })
    .max(999, { error: 'Série deve estar entre 0 e 999' })
    .default(1),
  nfceProximoNumero: z.coerce
    .number({ error: 'Número inválido' })
    .int({ error: 'Número inválido' })
    .min(1, { error: 'Número deve estar entre 1 e 999.999.999' })
    .max(999_999_999, { error: 'Número deve estar entre 1 e 999.999.999' })
    .default(1),
  cscId: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, { error: 'Identificador do CSC deve ter até 6 dígitos' }),
  ),
  /** Write-only: absent keeps the stored token; '' is absent. */
  cscToken: optionalText('Token CSC', 36),
  /** Write-only password of the A1 certificate sent in the same request. */
  certificadoSenha: optionalText('Senha do certificado', 100),
  /** true removes the stored certificate. */
  removerCertificado: z.boolean().optional(),
});

/** How a unit's purchases update cost prices (DOMAIN.md §5), with their pt-BR labels. */
export const METODOS_CUSTO = ['medio', 'ultimo'] as const;
export type MetodoCusto = (typeof METODOS_CUSTO)[number];
export const METODO_CUSTO_LABEL: Record<MetodoCusto, string> = {
  medio: 'Custo médio ponderado',
  ultimo: 'Último custo de compra',
};

export const unidadeNegocioInputSchema = z.object({
  nomeFantasia: requiredText('Nome fantasia', 120),
  razaoSocial: requiredText('Razão social', 120),
  cnpj: cnpjSchema,
  inscricaoEstadual: optional(
    z
      .string()
      .trim()
      .regex(/^(ISENTO|\d{2,14})$/i, { error: 'Inscrição estadual inválida (somente números ou ISENTO)' })
      .transform((v) => v.toUpperCase()),
  ),
  telefone: optional(telefoneSchema),
  email: optional(emailSchema),
  endereco: enderecoSchema.default({}),
  timeZone: z.enum(TIME_ZONES_BR, { error: 'Fuso horário inválido' }).default(DEFAULT_TIME_ZONE),
  fiscal: fiscalInputSchema.default({ crt: '1', ambiente: 'homologacao', nfceSerie: 1, nfceProximoNumero: 1 }),
  /**
   * "Permitir venda com estoque negativo" (DOMAIN.md §4, issue #4 item 4): whether a sale may
   * take a stock-controlled product below zero in this unit. Absent = false.
   */
  permiteEstoqueNegativo: z.boolean({ error: 'Valor inválido' }).default(false),
  /**
   * How a finalised purchase updates cost prices (DOMAIN.md §5, issue #5 item 3): 'medio'
   * (weighted average of the stock on hand and the purchase) or 'ultimo' (the purchase's cost).
   */
  metodoCusto: z.enum(METODOS_CUSTO, { error: 'Método de custo inválido' }).default('medio'),
  /**
   * "Fechamento de caixa cego" (issue #15): the cashier closes the register counting without
   * seeing the expected amounts; only a user with caixa.fechar or financeiro sees them and the
   * difference. Absent = false.
   */
  fechamentoCego: z.boolean({ error: 'Valor inválido' }).default(false),
  /** true removes the stored logo. */
  removerLogo: z.boolean().optional(),
});
export type UnidadeNegocioInput = z.input<typeof unidadeNegocioInputSchema>;
export type UnidadeNegocioInputParsed = z.output<typeof unidadeNegocioInputSchema>;

export const unidadeNegocioSchema = z.object({
  id: z.string(),
  nomeFantasia: z.string(),
  razaoSocial: z.string(),
  cnpj: z.string(),
  inscricaoEstadual: z.string().nullable(),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  endereco: enderecoOutputSchema,
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  ativo: z.boolean(),
  permiteEstoqueNegativo: z.boolean(),
  metodoCusto: z.enum(METODOS_CUSTO),
  fechamentoCego: z.boolean(),
  fiscal: z.object({
    crt: z.string(),
    ambiente: z.string(),
    nfceSerie: z.number(),
    nfceProximoNumero: z.number(),
    cscId: z.string().nullable(),
    cscTokenConfigurado: z.boolean(),
    certificado: z
      .object({
        titular: z.string().nullable(),
        validade: z.string().nullable(),
      })
      .nullable(),
  }),
  createdAt: z.string(),
});
export type UnidadeNegocio = z.infer<typeof unidadeNegocioSchema>;

export const listUnidadesNegocioQuerySchema = listQuerySchema;
