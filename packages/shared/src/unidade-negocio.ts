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
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
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

/**
 * The NFC-e (modelo 65) authoriser of each state, as the SEFAZ URL table of sped-nfe
 * (`storage/autorizadores.json`, key "65"; fixtures `ws/sped-nfe__autorizadores.json`) says:
 * the states with their own web services answer themselves, the others use SVRS.
 */
export const AUTORIZADOR_NFCE_POR_UF: Readonly<Record<string, string>> = {
  AC: 'SVRS',
  AL: 'SVRS',
  AM: 'AM',
  AP: 'SVRS',
  BA: 'SVRS',
  CE: 'SVRS',
  DF: 'SVRS',
  ES: 'SVRS',
  GO: 'GO',
  MA: 'SVRS',
  MG: 'MG',
  MS: 'MS',
  MT: 'MT',
  PA: 'SVRS',
  PB: 'SVRS',
  PE: 'SVRS',
  PI: 'SVRS',
  PR: 'PR',
  RJ: 'SVRS',
  RN: 'SVRS',
  RO: 'SVRS',
  RR: 'SVRS',
  RS: 'RS',
  SC: 'SVRS',
  SE: 'SVRS',
  SP: 'SP',
  TO: 'SVRS',
};

/** Label of an authoriser: 'SVRS' is the virtual SEFAZ of Rio Grande do Sul; the others are the state's own. */
export const autorizadorNfceLabel = (uf: string | null | undefined): string | null => {
  const autorizador = uf ? AUTORIZADOR_NFCE_POR_UF[uf.toUpperCase()] : undefined;
  if (!autorizador) return null;
  return autorizador === 'SVRS' ? 'SVRS (SEFAZ Virtual do Rio Grande do Sul)' : `SEFAZ-${autorizador}`;
};

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Message of an invalid PIX key. */
export const PIX_CHAVE_INVALIDA = 'Chave PIX inválida (use CPF, CNPJ, e-mail, telefone +55 ou chave aleatória)';

/**
 * A PIX key in the form the DICT (Banco Central's key directory, Manual de Padrões para
 * Iniciação do Pix §1.2) stores it, or null when it is none of its five kinds:
 * CPF (11 digits) and CNPJ (14 digits) with valid check digits, e-mail (lower-case, up to 77
 * characters), phone '+55' + DDD + number (10 or 11 digits), random key (EVP, a UUID, lower-case).
 * Formatting is accepted: '123.456.789-09', '+55 (11) 98765-4321'.
 */
export const normalizarChavePix = (texto: string): string | null => {
  const v = texto.trim();
  if (!v) return null;
  if (EVP.test(v)) return v.toLowerCase();
  if (v.includes('@')) return v.length <= 77 && EMAIL.test(v) ? v.toLowerCase() : null;
  if (v.startsWith('+')) {
    const digits = v.replace(/[\s().-]/g, '');
    return /^\+55\d{10,11}$/.test(digits) ? digits : null;
  }
  if (/[^\d\s./-]/.test(v)) return null;
  const digits = v.replace(/\D/g, '');
  if (digits.length === 11 && isValidCpf(digits)) return digits;
  if (digits.length === 14 && isValidCnpj(digits)) return digits;
  return null;
};

/** The unit's PIX key (issue #18 item 9): optional, normalised by `normalizarChavePix`. */
export const pixChaveSchema = z.string().transform((v, ctx) => {
  const chave = normalizarChavePix(v);
  if (chave === null) {
    ctx.addIssue({ code: 'custom', message: PIX_CHAVE_INVALIDA });
    return z.NEVER;
  }
  return chave;
});

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
  /** The key the till's PIX QR code pays to (issue #18 item 9); absent/'' = none. */
  pixChave: optional(pixChaveSchema),
  /** "Emitir NFC-e automaticamente ao finalizar a venda" (issue #18 item 8). Absent = false. */
  nfceEmissaoAutomatica: z.boolean({ error: 'Valor inválido' }).default(false),
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
  fiscal: fiscalInputSchema.default({
    crt: '1',
    ambiente: 'homologacao',
    nfceSerie: 1,
    nfceProximoNumero: 1,
    nfceEmissaoAutomatica: false,
  }),
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
    pixChave: z.string().nullable(),
    nfceEmissaoAutomatica: z.boolean(),
    certificado: z
      .object({
        titular: z.string().nullable(),
        /** yyyy-MM-dd. */
        validade: z.string().nullable(),
        /** The holder's CNPJ (14 digits), null when the certificate carries none. */
        cnpj: z.string().nullable(),
        /** Days from the unit's today to the expiry (negative: expired), null without a validade. */
        diasParaVencer: z.number().nullable(),
      })
      .nullable(),
  }),
  createdAt: z.string(),
});
export type UnidadeNegocio = z.infer<typeof unidadeNegocioSchema>;

export const listUnidadesNegocioQuerySchema = listQuerySchema;

/** The certificate is warned about this many days before it expires (issue #18 item 1). */
export const CERTIFICADO_AVISO_DIAS = 30;

/** What a unit still lacks to issue NFC-e, as the Fiscal tab lists it (labels in pt-BR). */
export type PendenciaNfce = 'inscricaoEstadual' | 'uf' | 'codigoIbge' | 'certificado' | 'csc';
export const PENDENCIA_NFCE_LABEL: Record<PendenciaNfce, string> = {
  inscricaoEstadual: 'Inscrição estadual',
  uf: 'UF do endereço',
  codigoIbge: 'Código IBGE do município',
  certificado: 'Certificado digital A1',
  csc: 'CSC (identificador e token)',
};

/**
 * The fields still missing for NFC-e: an IE (ISENTO does not issue NFC-e), the address's UF
 * (which picks the authoriser) and IBGE code, a certificate not expired, the CSC id and token.
 */
export const pendenciasNfce = (u: {
  inscricaoEstadual: string | null | undefined;
  uf: string | null | undefined;
  codigoIbge: string | null | undefined;
  certificadoValido: boolean;
  cscId: string | null | undefined;
  cscToken: boolean;
}): PendenciaNfce[] => {
  const faltando: PendenciaNfce[] = [];
  if (!u.inscricaoEstadual || !/^\d+$/.test(u.inscricaoEstadual.trim())) faltando.push('inscricaoEstadual');
  if (!u.uf || !AUTORIZADOR_NFCE_POR_UF[u.uf.toUpperCase()]) faltando.push('uf');
  if (!u.codigoIbge || !/^\d{7}$/.test(u.codigoIbge.trim())) faltando.push('codigoIbge');
  if (!u.certificadoValido) faltando.push('certificado');
  if (!u.cscId || !u.cscToken) faltando.push('csc');
  return faltando;
};
