/**
 * WhatsApp (issue #21; DOMAIN.md §12): each unit's connection to its gateway, and the outbox
 * that is also the log of every message. Statuses and kinds: @petshop/shared/whatsapp.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, unidadesNegocio, usuarios } from './core.ts';
import { pets } from './animal.ts';
import { pessoas } from './pessoal.ts';
import { atendimentos } from './agenda.ts';
import { tenantIdColumn, unidadeNegocioIdColumn, unitPolicy } from './tenancy.ts';
import { timestamps } from './columns.ts';

/**
 * One row per unit that ever connected. status 'Desconectado' | 'AguardandoLeitura' |
 * 'Conectado'; `instancia`: the gateway's name for this unit's session; `qrcode`: the raw QR
 * payload while AguardandoLeitura (the API renders it as a PNG); `webhookSecret`: the per-unit
 * secret the gateway's callbacks carry (random, made on the first connect); `credenciaisEnc`:
 * gateway credentials of this unit (the Cloud API's phone number id and token; an Evolution
 * instance token), encrypted with ENCRYPTION_KEY (lib/crypto.ts), JSON inside.
 */
export const whatsappConexoes = pgTable(
  'whatsapp_conexoes',
  {
    unidadeNegocioId: unidadeNegocioIdColumn()
      .primaryKey()
      .references(() => unidadesNegocio.id),
    tenantId: tenantIdColumn().references(() => tenants.id),
    gateway: text('gateway').notNull(),
    instancia: text('instancia').notNull(),
    status: text('status').notNull().default('Desconectado'),
    numero: text('numero'),
    qrcode: text('qrcode'),
    qrcodeEm: timestamp('qrcode_em', { withTimezone: true }),
    conectadoEm: timestamp('conectado_em', { withTimezone: true }),
    webhookSecret: text('webhook_secret').notNull(),
    credenciaisEnc: text('credenciais_enc'),
    ...timestamps(),
  },
  () => [unitPolicy()],
);

/**
 * The outbox and log. `chave`: the event's idempotency key, unique per unit
 * ('aniversario:{pessoaId}:{yyyy}', 'confirmacao:{atendimentoId}:{inicio}',
 * 'lembrete:{atendimentoId}:{inicio}', 'pronto:{atendimentoId}:{n}', 'vacina:{doseId}:{vencimento}',
 * 'teste:{uuid}', 'manual:{uuid}'): a second insert of the same event does nothing
 * (`on conflict do nothing`). `telefone`: digits with 55 and DDD. `agendadaPara`: not sent before;
 * `proximaTentativaEm`: the next attempt (after a failure, the back-off; while Enviando, the
 * lease's end). `gatewayMensagemId`: the gateway's id, which its receipts carry. `valores`: the
 * template's variable values the text was rendered with (a template message; null otherwise):
 * the Cloud API sends the approved template with them as its parameters.
 */
export const whatsappMensagens = pgTable(
  'whatsapp_mensagens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    tipo: text('tipo').notNull(),
    chave: text('chave').notNull(),
    status: text('status').notNull().default('Pendente'),
    telefone: text('telefone').notNull(),
    texto: text('texto').notNull(),
    valores: jsonb('valores').$type<Record<string, string>>(),
    pessoaId: uuid('pessoa_id').references(() => pessoas.id),
    petId: uuid('pet_id').references(() => pets.id),
    atendimentoId: uuid('atendimento_id').references(() => atendimentos.id, { onDelete: 'set null' }),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    agendadaPara: timestamp('agendada_para', { withTimezone: true }).notNull().defaultNow(),
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }).notNull().defaultNow(),
    tentativas: integer('tentativas').notNull().default(0),
    ultimoErro: text('ultimo_erro'),
    gatewayMensagemId: text('gateway_mensagem_id'),
    enviadaEm: timestamp('enviada_em', { withTimezone: true }),
    entregueEm: timestamp('entregue_em', { withTimezone: true }),
    lidaEm: timestamp('lida_em', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('whatsapp_mensagens_chave_idx').on(t.unidadeNegocioId, t.chave),
    /** The worker's claim: due messages of every tenant. */
    index('whatsapp_mensagens_fila_idx')
      .on(t.proximaTentativaEm)
      .where(sql`status in ('Pendente', 'Enviando')`),
    /** The log, newest first, and the per-number rate limit (sent in the last minute). */
    index('whatsapp_mensagens_unidade_created_idx').on(t.unidadeNegocioId, t.createdAt),
    index('whatsapp_mensagens_unidade_enviada_idx')
      .on(t.unidadeNegocioId, t.enviadaEm)
      .where(sql`enviada_em is not null`),
    index('whatsapp_mensagens_gateway_id_idx')
      .on(t.gatewayMensagemId)
      .where(sql`gateway_mensagem_id is not null`),
    index('whatsapp_mensagens_pessoa_idx').on(t.pessoaId, t.createdAt),
    index('whatsapp_mensagens_atendimento_idx').on(t.atendimentoId),
    unitPolicy(),
  ],
);
