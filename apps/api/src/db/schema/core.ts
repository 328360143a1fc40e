/**
 * Foundation tables: tenants, business units, users, profiles, the user ↔ unit ↔ profile
 * link and stored files. Source: DOMAIN.md §1-§2; issue #2 item 2.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantDoEscopo, tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { timestamps } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A customer company of the SaaS. Platform operators list them all with the system handle. */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    cnpj: text('cnpj'),
    plano: text('plano').notNull().default('basico'),
    ativo: boolean('ativo').notNull().default(true),
    limiteUnidades: integer('limite_unidades').notNull().default(1),
    limiteUsuarios: integer('limite_usuarios').notNull().default(5),
    ...timestamps(),
  },
  // Inside a tenant scope only the tenant's own row is visible.
  (t) => [
    pgPolicy('tenant_self', {
      as: 'permissive',
      for: 'all',
      using: sql`${t.id} = ${tenantDoEscopo}`,
      withCheck: sql`${t.id} = ${tenantDoEscopo}`,
    }),
  ],
);

/** Files (photos, logos) kept in the database so one backup holds everything. */
export const arquivos = pgTable(
  'arquivos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    mimeType: text('mime_type').notNull(),
    tamanho: integer('tamanho').notNull(),
    conteudo: bytea('conteudo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy()],
);

/** A store or clinic of a tenant, with its fiscal settings (secrets encrypted, see lib/crypto.ts). */
export const unidadesNegocio = pgTable(
  'unidades_negocio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nomeFantasia: text('nome_fantasia').notNull(),
    razaoSocial: text('razao_social').notNull(),
    cnpj: text('cnpj').notNull(),
    inscricaoEstadual: text('inscricao_estadual'),
    telefone: text('telefone'),
    email: text('email'),
    cep: text('cep'),
    logradouro: text('logradouro'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    uf: text('uf'),
    codigoIbge: text('codigo_ibge'),
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    logoArquivoId: uuid('logo_arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    ativo: boolean('ativo').notNull().default(true),
    crt: text('crt').notNull().default('1'),
    ambiente: text('ambiente').notNull().default('homologacao'),
    nfceSerie: integer('nfce_serie').notNull().default(1),
    nfceProximoNumero: integer('nfce_proximo_numero').notNull().default(1),
    cscId: text('csc_id'),
    cscTokenEnc: text('csc_token_enc'),
    certificadoEnc: text('certificado_enc'),
    certificadoSenhaEnc: text('certificado_senha_enc'),
    certificadoTitular: text('certificado_titular'),
    certificadoValidade: date('certificado_validade', { mode: 'string' }),
    /** The CNPJ the A1 certificate was issued to (checked against the unit's on upload). */
    certificadoCnpj: text('certificado_cnpj'),
    /** Issue the NFC-e as soon as a sale is finalised at the till (issue #18 item 8). */
    nfceEmissaoAutomatica: boolean('nfce_emissao_automatica').notNull().default(false),
    /** The unit's PIX key (CPF, CNPJ, e-mail, phone +55…, or random key) for BR Codes at the till. */
    pixChave: text('pix_chave'),
    /** Whether a sale may take a stock-controlled product below zero here (DOMAIN.md §4). */
    permiteEstoqueNegativo: boolean('permite_estoque_negativo').notNull().default(false),
    /**
     * How a purchase updates a product's cost price (DOMAIN.md §5): 'medio' (weighted average
     * of the stock on hand and the purchase) or 'ultimo' (the purchase's cost).
     */
    metodoCusto: text('metodo_custo').notNull().default('medio'),
    /**
     * Blind register closing (issue #15): the cashier counts without seeing the expected amounts;
     * only a user who may manage registers sees them and the difference.
     */
    fechamentoCego: boolean('fechamento_cego').notNull().default(false),
    /**
     * The unit's WhatsApp templates (issue #21 item 2): Partial<ModelosMensagem> of
     * @petshop/shared/whatsapp, read through `modelosComPadrao` (the defaults fill what is absent).
     */
    whatsappMensagens: jsonb('whatsapp_mensagens').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex('unidades_negocio_tenant_cnpj_idx').on(t.tenantId, t.cnpj), tenantPolicy()],
);

/** Fixed profiles of DOMAIN.md §1, synchronised from @petshop/shared/permissoes at start. */
export const perfis = pgTable('perfis', {
  id: text('id').primaryKey(),
  nome: text('nome').notNull(),
  descricao: text('descricao').notNull(),
  permissoes: text('permissoes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** A person who logs in. The e-mail is unique on the whole platform (it is the login). */
export const usuarios = pgTable(
  'usuarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    cpf: text('cpf'),
    telefone: text('telefone'),
    /** A veterinarian's registration, printed on clinical documents: 'CRMV-SP 12345'. */
    crmv: text('crmv'),
    /**
     * The largest discount (percent of the sale's gross value, 0–100) this user may give at the
     * till without a supervisor's authorization; null = no limit (issue #22 item 4).
     */
    descontoMaximo: numeric('desconto_maximo', { precision: 5, scale: 2 }),
    senhaHash: text('senha_hash').notNull(),
    fotoArquivoId: uuid('foto_arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    ativo: boolean('ativo').notNull().default(true),
    operadorPlataforma: boolean('operador_plataforma').notNull().default(false),
    /** Bumped on password change: tokens carry it, older ones stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    ultimoAcessoEm: timestamp('ultimo_acesso_em', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('usuarios_email_idx').on(sql`lower(${t.email})`), tenantPolicy()],
);

/**
 * Password reset links ("Esqueci minha senha", issue #15): one row per link e-mailed. Only the
 * SHA-256 of the token is kept; a link works once (`usada_em`) until `expira_em`. A platform
 * table (like `usuarios` at login, it is read before anyone is signed in): no tenant, no RLS.
 */
export const redefinicoesSenha = pgTable(
  'redefinicoes_senha',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    usadaEm: timestamp('usada_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('redefinicoes_senha_token_idx').on(t.tokenHash), index('redefinicoes_senha_usuario_idx').on(t.usuarioId)],
);

/** The user ↔ unit ↔ profile link: one profile per unit a user belongs to. */
export const usuarioUnidades = pgTable(
  'usuario_unidades',
  {
    tenantId: tenantIdColumn().references(() => tenants.id),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    unidadeNegocioId: uuid('unidade_negocio_id')
      .notNull()
      .references(() => unidadesNegocio.id, { onDelete: 'cascade' }),
    perfilId: text('perfil_id')
      .notNull()
      .references(() => perfis.id),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.unidadeNegocioId] }),
    index('usuario_unidades_unidade_idx').on(t.unidadeNegocioId),
    tenantPolicy(),
  ],
);

/**
 * Idempotency keys (plugins/idempotency.ts): a write sent twice with the same
 * `Idempotency-Key` (double click, retry after a dropped connection) runs once; the
 * repetition gets the first answer back. `status` is null while the first one runs.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    tenantId: tenantIdColumn().references(() => tenants.id),
    chave: text('chave').notNull(),
    usuarioId: uuid('usuario_id').notNull(),
    metodo: text('metodo').notNull(),
    rota: text('rota').notNull(),
    status: integer('status'),
    resposta: text('resposta'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.chave] }), tenantPolicy()],
);
