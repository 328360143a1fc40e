/**
 * Customers (pessoas: owners/tutors of pets). Source: DOMAIN.md §3; spec §7 "Pessoas"
 * (/api/pessoal/pessoas). Shared by all units of a tenant.
 *
 * Create and update are multipart: a `dados` part with this JSON and an optional `foto`
 * image (plain JSON is accepted too). The sections of the detail screen save on their own
 * with JSON: PUT /{id}/dados-pessoais, /{id}/contato, /{id}/endereco; each replaces the
 * fields of its section (an absent optional field is cleared) and answers the whole pessoa.
 *
 * Rules: CPF or CNPJ with valid check digits, unique per tenant (400 on `cpfCnpj`); birth
 * date not in the future; dates typed 'dd/MM/yyyy' or 'yyyy-MM-dd' (spec §5) and answered
 * 'yyyy-MM-dd'. LGPD: `consentimentoMarketingEm` records when marketing consent was given;
 * it is cleared when consent is withdrawn.
 */
import { z } from 'zod';
import { enderecoOutputSchema, enderecoSchema } from './endereco.ts';
import { parseDateInput, todayISO } from './format.ts';
import { listQuerySchema, pageOf, type Page } from './http.ts';
import { cpfCnpjSchema, emailSchema, optional, optionalText, requiredText, telefoneSchema } from './validators.ts';

/** How the customer found the shop: suggestions for the field (free text, up to 60 characters). */
export const COMO_CONHECEU = ['Indicação', 'Instagram', 'Facebook', 'Google', 'Passou em frente', 'Outro'] as const;

/** Sexes of a person: key stored and sent, label shown. */
export const SEXOS_PESSOA = { F: 'Feminino', M: 'Masculino' } as const;

/** Kinds of phone: key stored and sent, label shown. */
export const TIPOS_TELEFONE = { celular: 'Celular', fixo: 'Fixo', comercial: 'Comercial' } as const;
export type TipoTelefone = keyof typeof TIPOS_TELEFONE;

/** Most phones a person keeps. */
export const MAX_TELEFONES = 5;

/**
 * A date typed 'dd/MM/yyyy' or 'yyyy-MM-dd' (spec §5), answered as 'yyyy-MM-dd'. With
 * `ateHoje`, a date after today (America/Sao_Paulo) is refused ("não pode ser no futuro").
 * Years before 1900 are refused as typos. Wrap in `optional()` for optional fields.
 */
export const dataInputSchema = (label: string, options: { ateHoje?: boolean } = {}) =>
  z.string({ error: `${label} inválida` }).transform((value, ctx) => {
    const iso = parseDateInput(value);
    if (!iso || iso < '1900-01-01') {
      ctx.addIssue({ code: 'custom', message: `${label} inválida (use dd/mm/aaaa)` });
      return z.NEVER;
    }
    if (options.ateHoje && iso > todayISO()) {
      ctx.addIssue({ code: 'custom', message: `${label} não pode ser no futuro` });
      return z.NEVER;
    }
    return iso;
  });

/** One phone of a person (input): digits only, with DDD; `whatsapp` marks the number messages go to. */
export const telefoneItemSchema = z.object({
  numero: telefoneSchema,
  tipo: z.enum(['celular', 'fixo', 'comercial'], { error: 'Tipo de telefone inválido' }).default('celular'),
  whatsapp: z.boolean().default(false),
});
export type TelefoneItem = z.input<typeof telefoneItemSchema>;

/** One phone as the API answers it. */
export const telefoneOutputSchema = z.object({
  numero: z.string(),
  tipo: z.enum(['celular', 'fixo', 'comercial']),
  whatsapp: z.boolean(),
});
export type TelefoneOutput = z.infer<typeof telefoneOutputSchema>;

const telefonesSchema = z
  .array(telefoneItemSchema, { error: 'Telefones inválidos' })
  .max(MAX_TELEFONES, { error: `Informe no máximo ${MAX_TELEFONES} telefones` })
  .refine((list) => new Set(list.map((t) => t.numero)).size === list.length, { error: 'Telefone repetido' });

const dadosPessoais = {
  nome: requiredText('Nome', 120),
  /** CPF (11 digits) or CNPJ (14 digits), digits only, valid check digits; unique per tenant. */
  cpfCnpj: optional(cpfCnpjSchema),
  rg: optionalText('RG', 20),
  dataNascimento: optional(dataInputSchema('Data de nascimento', { ateHoje: true })),
  sexo: optional(z.enum(['F', 'M'], { error: 'Sexo inválido' })),
  /** Free text; COMO_CONHECEU holds the usual answers. */
  comoConheceu: optionalText('Como conheceu', 60),
  observacoes: optionalText('Observações', 2000),
};

const pessoaBase = {
  ...dadosPessoais,
  email: optional(emailSchema),
  telefones: telefonesSchema.default([]),
  endereco: enderecoSchema.default({}),
  /** LGPD marketing consent (e-mail, WhatsApp offers); birthday and service messages do not need it. */
  consentimentoMarketing: z.boolean().default(false),
  ativo: z.boolean().default(true),
  /** true removes the stored photo (ignored when a new `foto` is sent). */
  removerFoto: z.boolean().optional(),
};

/** POST body (`dados` part). */
export const createPessoaInputSchema = z.object(pessoaBase);
export type CreatePessoaInput = z.input<typeof createPessoaInputSchema>;
export type CreatePessoaInputParsed = z.output<typeof createPessoaInputSchema>;

/** PUT /{id} body (`dados` part): every field, as in create. */
export const updatePessoaInputSchema = z.object(pessoaBase);
export type UpdatePessoaInput = z.input<typeof updatePessoaInputSchema>;
export type UpdatePessoaInputParsed = z.output<typeof updatePessoaInputSchema>;

/** PUT /{id}/contato: e-mail and the whole list of phones. */
export const pessoaContatoInputSchema = z.object({
  email: optional(emailSchema),
  telefones: telefonesSchema,
});
export type PessoaContatoInput = z.input<typeof pessoaContatoInputSchema>;

/** PUT /{id}/dados-pessoais. */
export const pessoaDadosPessoaisInputSchema = z.object({
  ...dadosPessoais,
  consentimentoMarketing: z.boolean({ error: 'Informe o consentimento de marketing' }),
});
export type PessoaDadosPessoaisInput = z.input<typeof pessoaDadosPessoaisInputSchema>;

/** PUT /{id}/endereco. */
export const pessoaEnderecoInputSchema = z.object({
  endereco: enderecoSchema,
});
export type PessoaEnderecoInput = z.input<typeof pessoaEnderecoInputSchema>;

/** A pet of the person, as listed with them. */
export const pessoaPetSchema = z.object({
  id: z.string(),
  nome: z.string(),
  especieNome: z.string().nullable(),
  ativo: z.boolean(),
  dataObito: z.string().nullable(),
});
export type PessoaPet = z.infer<typeof pessoaPetSchema>;

export const pessoaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  cpfCnpj: z.string().nullable(),
  rg: z.string().nullable(),
  /** 'yyyy-MM-dd'. */
  dataNascimento: z.string().nullable(),
  sexo: z.enum(['F', 'M']).nullable(),
  email: z.string().nullable(),
  telefones: z.array(telefoneOutputSchema),
  endereco: enderecoOutputSchema,
  observacoes: z.string().nullable(),
  comoConheceu: z.string().nullable(),
  consentimentoMarketing: z.boolean(),
  /** ISO timestamp of the consent; null without consent. */
  consentimentoMarketingEm: z.string().nullable(),
  fotoUrl: z.string().nullable(),
  ativo: z.boolean(),
  /** The person's pets (as tutor), by name. */
  pets: z.array(pessoaPetSchema),
  createdAt: z.string(),
});
export type Pessoa = z.infer<typeof pessoaSchema>;

/** `query` searches name, CPF/CNPJ, phone, e-mail and pet name, ignoring case and accents. */
export const listPessoasQuerySchema = listQuerySchema.extend({
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
});
export type ListPessoasQuery = z.infer<typeof listPessoasQuerySchema>;

/**
 * GET /api/pessoal/pessoas: a page of people. With a search, the total is counted only up to
 * `TETO_TOTAL_PESSOAS` (or the page's end, when further): past it `totalLimitado` is true and
 * `total` is that bound + 1, read "more than total - 1" (issue #20: a common surname matches
 * thousands of customers). Absent otherwise: the total is exact.
 */
export const pessoasPageSchema = pageOf(pessoaSchema).extend({ totalLimitado: z.boolean().optional() });
export type PessoasPage = Page<Pessoa> & { totalLimitado?: boolean };

/** Up to how many people a search counts before answering "more than" (`totalLimitado`). */
export const TETO_TOTAL_PESSOAS = 1000;
