/**
 * Server configuration from the environment, parsed with zod. Documented in .env.example
 * and the README's table. Secrets not given are generated once and kept in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const boolFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET deve ter ao menos 32 caracteres').optional(),
  /** 32-byte key (hex or base64) for secrets at rest (A1 certificate, CSC token). */
  ENCRYPTION_KEY: z.string().optional(),
  /** Access token lifetime in minutes; renewed through x-new-authorization past a quarter of it. */
  JWT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(8 * 60),
  SEED_DEMO: boolFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Login attempts allowed per IP and e-mail per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Which peers may tell the client's address and protocol (`x-forwarded-for`, `x-forwarded-proto`):
   * `loopback` (a proxy on the same machine; default), a comma list of addresses, CIDRs or the names
   * `loopback`, `linklocal`, `uniquelocal`; a number of proxy hops (`1`: the one proxy in front, as in
   * compose.yaml); `false` (none) or `true` (anyone:
   * only when every request comes through the proxy, else a client can forge its address).
   */
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  /** Folder of the built web app served at /. */
  WEB_DIST: z.string().optional(),
  /** Base URL of the CEP lookup service speaking the ViaCEP protocol (GET {url}/{cep}/json/). */
  CEP_PROVIDER_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ error: 'CEP_PROVIDER_URL deve ser uma URL' }).default('https://viacep.com.br/ws'),
  ),
  /** Public address of the app, used in links sent by e-mail; without it, the request's origin. */
  APP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ error: 'APP_URL deve ser uma URL' }).optional()),
  /** SMTP server as one URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 (TLS). */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL deve ser smtp://usuario:senha@servidor:porta ou smtps://…' }).optional(),
  ),
  /** SMTP server in parts, when SMTP_URL is not given. */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: boolFromEnv.optional(),
  /** Sender of the e-mails, e.g. "Pet Shop <nao-responda@exemplo.com.br>". */
  MAIL_FROM: z.string().optional(),
  /** One base URL for every SEFAZ service ({url}/NFeAutorizacao4, …): the fake SEFAZ of tests and development. */
  SEFAZ_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ error: 'SEFAZ_URL deve ser uma URL' }).optional()),
  /** How long a SEFAZ call may take (connection + answer) before the NFC-e goes into contingency. */
  SEFAZ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** PEM file of extra CAs trusted for SEFAZ's TLS (the ICP-Brasil chain in production; the fake's in tests). */
  SEFAZ_CA_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Interval of the worker that transmits NFC-e issued in contingency (ms). */
  FISCAL_WORKER_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** The WhatsApp gateway (issue #21): fake (in-process, the demo's and tests'), evolution or cloud. */
  WHATSAPP_GATEWAY: z
    .enum(['fake', 'evolution', 'cloud'], { error: 'WHATSAPP_GATEWAY deve ser fake, evolution ou cloud' })
    .default('fake'),
  /** Base URL of the shop's Evolution API server (WHATSAPP_GATEWAY=evolution). */
  EVOLUTION_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ error: 'EVOLUTION_URL deve ser uma URL' }).optional()),
  /** The Evolution API server's global key (header apikey). */
  EVOLUTION_API_KEY: z.string().optional(),
  /** Base URL of the WhatsApp Cloud API (Graph API with version); the local fake's in tests. */
  WHATSAPP_CLOUD_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ error: 'WHATSAPP_CLOUD_URL deve ser uma URL' }).default('https://graph.facebook.com/v21.0'),
  ),
  /** The Meta app's secret: checks X-Hub-Signature-256 of the Cloud API's callbacks (optional). */
  WHATSAPP_CLOUD_APP_SECRET: z.string().optional(),
  /** How often the WhatsApp outbox worker looks for messages to send (ms). */
  WHATSAPP_WORKER_MS: z.coerce.number().int().min(200).max(3_600_000).default(5000),
  /** Messages per minute per unit number (ban risk: keep it low). */
  WHATSAPP_MENSAGENS_POR_MINUTO: z.coerce.number().int().min(1).max(1000).default(20),
  /** A gateway call's deadline (ms): a unit whose gateway hangs does not hold the others. */
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

/** How to reach the SMTP server (nodemailer's options); `secure` is TLS from the start (port 465). */
export type SmtpConfig = { host: string; port: number; secure: boolean; user?: string | undefined; pass?: string | undefined };

/** SMTP_URL, else SMTP_HOST and friends; undefined when neither is set (e-mails are then only logged). */
const parseSmtp = (e: z.infer<typeof envSchema>): SmtpConfig | undefined => {
  if (e.SMTP_URL) {
    const url = new URL(e.SMTP_URL);
    const secure = url.protocol === 'smtps:';
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      user: url.username ? decodeURIComponent(url.username) : undefined,
      pass: url.password ? decodeURIComponent(url.password) : undefined,
    };
  }
  if (!e.SMTP_HOST) return undefined;
  const secure = e.SMTP_SECURE ?? e.SMTP_PORT === 465;
  return { host: e.SMTP_HOST, port: e.SMTP_PORT ?? (secure ? 465 : 587), secure, user: e.SMTP_USER, pass: e.SMTP_PASS };
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  encryptionKey: Buffer;
  jwtTtlSeconds: number;
  seedDemo: boolean;
  logLevel: string;
  loginRateLimit: number;
  /** TRUST_PROXY as Fastify's `trustProxy` option (docs/security.md). */
  trustProxy: boolean | number | string;
  webDist: string | undefined;
  /** CEP_PROVIDER_URL without a trailing slash. */
  cepProviderUrl: string;
  /** APP_URL without a trailing slash: the base of links in e-mails (else the request's origin). */
  appUrl: string | undefined;
  /** The SMTP server; undefined: e-mails are written to the log instead of sent. */
  smtp: SmtpConfig | undefined;
  /** MAIL_FROM, the sender of e-mails. */
  mailFrom: string;
  /** SEFAZ_URL without a trailing slash: every SEFAZ service at {sefazUrl}/{service}; undefined: the official URLs. */
  sefazUrl: string | undefined;
  /** SEFAZ_TIMEOUT_MS: a SEFAZ call's deadline (connection + answer), in ms. */
  sefazTimeoutMs: number;
  /** The PEM read from SEFAZ_CA_FILE, trusted for SEFAZ's TLS besides Node's roots. */
  sefazCa: string | undefined;
  /** FISCAL_WORKER_MS: how often the contingency worker looks for NFC-e to transmit, in ms. */
  fiscalWorkerMs: number;
  /** The WhatsApp gateway and its settings (issue #21; modules/whatsapp/gateway). */
  whatsapp: {
    gateway: 'fake' | 'evolution' | 'cloud';
    evolutionUrl: string | undefined;
    evolutionApiKey: string | undefined;
    cloudUrl: string;
    cloudAppSecret: string | undefined;
    workerMs: number;
    mensagensPorMinuto: number;
    timeoutMs: number;
  };
};

type Secrets = { jwtSecret: string; encryptionKey: string };

/** Reads or creates DATA_DIR/secrets.json so that tokens and encrypted data survive restarts. */
const loadOrCreateSecrets = (dataDir: string): Secrets => {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
};

/** TRUST_PROXY → Fastify's trustProxy: 'true'/'false', a hop count, or the address list as written. */
const parseTrustProxy = (text: string): boolean | number | string => {
  if (text === 'true' || text === 'false') return text === 'true';
  return /^\d+$/.test(text) ? Number(text) : text;
};

const parseKey = (text: string): Buffer => {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY deve ter 32 bytes (64 caracteres hex ou base64)');
  return key;
};

/** The PEM of SEFAZ_CA_FILE; a readable message when the file is missing or holds no certificate. */
const readSefazCa = (file: string): string => {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Configuração inválida:\nSEFAZ_CA_FILE: não foi possível ler ${file}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new Error(`Configuração inválida:\nSEFAZ_CA_FILE: ${file} não contém certificados PEM`);
  }
  return pem;
};

/**
 * Builds the config from `env` (process.env by default) plus overrides (tests).
 * Throws with a readable message when a variable is malformed.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WHATSAPP_GATEWAY === 'evolution') {
    const faltando = [!e.EVOLUTION_URL && 'EVOLUTION_URL', !e.EVOLUTION_API_KEY && 'EVOLUTION_API_KEY'].filter(Boolean);
    if (faltando.length > 0)
      throw new Error(
        `Configuração inválida:\n${faltando.map((v) => `${v}: obrigatória quando WHATSAPP_GATEWAY=evolution`).join('\n')}`,
      );
  }
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const needsStoredSecrets = (!e.JWT_SECRET && !overrides.jwtSecret) || (!e.ENCRYPTION_KEY && !overrides.encryptionKey);
  const stored = needsStoredSecrets ? loadOrCreateSecrets(dataDir) : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET ?? stored?.jwtSecret ?? '',
    encryptionKey: overrides.encryptionKey ?? parseKey(e.ENCRYPTION_KEY ?? stored?.encryptionKey ?? ''),
    jwtTtlSeconds: e.JWT_TTL_MINUTES * 60,
    // Demo data: on by default on the embedded database, opt-in on PostgreSQL.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST,
    cepProviderUrl: e.CEP_PROVIDER_URL.replace(/\/+$/, ''),
    appUrl: e.APP_URL?.replace(/\/+$/, ''),
    smtp: parseSmtp(e),
    mailFrom: e.MAIL_FROM || 'PetShop Gestão <nao-responda@petshop.local>',
    sefazUrl: e.SEFAZ_URL?.replace(/\/+$/, ''),
    sefazTimeoutMs: e.SEFAZ_TIMEOUT_MS,
    sefazCa: e.SEFAZ_CA_FILE ? readSefazCa(e.SEFAZ_CA_FILE) : undefined,
    fiscalWorkerMs: e.FISCAL_WORKER_MS,
    whatsapp: {
      gateway: e.WHATSAPP_GATEWAY,
      evolutionUrl: e.EVOLUTION_URL?.replace(/\/+$/, ''),
      evolutionApiKey: e.EVOLUTION_API_KEY || undefined,
      cloudUrl: e.WHATSAPP_CLOUD_URL.replace(/\/+$/, ''),
      cloudAppSecret: e.WHATSAPP_CLOUD_APP_SECRET || undefined,
      workerMs: e.WHATSAPP_WORKER_MS,
      mensagensPorMinuto: e.WHATSAPP_MENSAGENS_POR_MINUTO,
      timeoutMs: e.WHATSAPP_TIMEOUT_MS,
    },
    ...overrides,
  };
};
