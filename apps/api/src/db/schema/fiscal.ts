/**
 * Fiscal documents (issue #18; DOMAIN.md §8): the NFC-e (modelo 65) issued for sales, the
 * numbers made unusable (*inutilização*) and the log of every exchange with SEFAZ.
 *
 * A document's number is reserved from `unidades_negocio.nfce_proximo_numero` in the
 * emitting transaction and never given again: the unique index on (unit, modelo, série,
 * número) proves it. A rejected document keeps its number; a retry re-sends the same number
 * (SEFAZ never saw it authorised), and a number abandoned for good is *inutilizado*.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, unidadesNegocio, usuarios } from './core.ts';
import { vendas } from './comercial.ts';
import { tenantIdColumn, unidadeNegocioIdColumn, unitPolicy } from './tenancy.ts';
import { money, timestamps } from './columns.ts';

/**
 * One NFC-e. status (see `STATUS_DOCUMENTO_FISCAL` of @petshop/shared/fiscal):
 * 'pendente' (built, being sent), 'autorizada' (cStat 100/150, `xml` is the `nfeProc`),
 * 'rejeitada' (`c_stat`/`motivo` say why), 'contingencia' (issued offline, tpEmis 9, waiting
 * to be transmitted), 'cancelada' (event 110111 registered), 'denegada' (cStat 110/301/302).
 */
export const documentosFiscais = pgTable(
  'documentos_fiscais',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    vendaId: uuid('venda_id')
      .notNull()
      .references(() => vendas.id),
    modelo: integer('modelo').notNull().default(65),
    serie: integer('serie').notNull(),
    numero: integer('numero').notNull(),
    /** The 44-digit access key (chave de acesso) of the XML last built for this number. */
    chave: text('chave').notNull(),
    /** '1' normal, '9' offline contingency (NFC-e). */
    tipoEmissao: text('tipo_emissao').notNull().default('1'),
    /** 'homologacao' | 'producao' at the time of issue. */
    ambiente: text('ambiente').notNull(),
    status: text('status').notNull().default('pendente'),
    /** SEFAZ's last status code and reason for this document (protNFe, or the batch's). */
    cStat: text('c_stat'),
    motivo: text('motivo'),
    protocolo: text('protocolo'),
    dataAutorizacao: timestamp('data_autorizacao', { withTimezone: true }),
    /** The signed NFe; once authorised, the `nfeProc` (NFe + protNFe) the law says to keep. */
    xml: text('xml').notNull(),
    /** The consumer's CPF (or CNPJ) as printed ("CPF na nota"), digits only. */
    cpfDestinatario: text('cpf_destinatario'),
    valorTotal: money('valor_total').notNull(),
    /** dhEmi: the instant written in the XML. */
    emitidoEm: timestamp('emitido_em', { withTimezone: true }).notNull(),
    /** dhCont: when the unit went into contingency for this document. */
    contingenciaDesde: timestamp('contingencia_desde', { withTimezone: true }),
    /** Transmission attempts and when the worker may try again (contingency and retries). */
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }),
    /** Cancellation (event 110111): reason, protocol and the `procEventoNFe` XML. */
    justificativaCancelamento: text('justificativa_cancelamento'),
    protocoloCancelamento: text('protocolo_cancelamento'),
    dataCancelamento: timestamp('data_cancelamento', { withTimezone: true }),
    xmlCancelamento: text('xml_cancelamento'),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('documentos_fiscais_numero_idx').on(t.unidadeNegocioId, t.modelo, t.serie, t.numero),
    index('documentos_fiscais_venda_idx').on(t.vendaId),
    index('documentos_fiscais_unidade_emitido_idx').on(t.unidadeNegocioId, t.emitidoEm),
    /** The contingency worker's queue: documents still to transmit, oldest first. */
    index('documentos_fiscais_pendentes_idx')
      .on(t.proximaTentativaEm)
      .where(sql`status in ('contingencia', 'pendente')`),
    unitPolicy(),
  ],
);

/** A range of NFC-e numbers made unusable at SEFAZ (inutilização, `inutNFe`). */
export const inutilizacoesFiscais = pgTable(
  'inutilizacoes_fiscais',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    modelo: integer('modelo').notNull().default(65),
    serie: integer('serie').notNull(),
    numeroInicial: integer('numero_inicial').notNull(),
    numeroFinal: integer('numero_final').notNull(),
    justificativa: text('justificativa').notNull(),
    ambiente: text('ambiente').notNull(),
    /** 'inutilizada' (cStat 102) or 'rejeitada'. */
    status: text('status').notNull(),
    cStat: text('c_stat'),
    motivo: text('motivo'),
    protocolo: text('protocolo'),
    /** The `procInutNFe` (or the signed request when rejected). */
    xml: text('xml').notNull(),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    ...timestamps(),
  },
  (t) => [index('inutilizacoes_fiscais_unidade_idx').on(t.unidadeNegocioId, t.serie, t.numeroInicial), unitPolicy()],
);

/**
 * The log of every exchange with SEFAZ and every fiscal action (who, when, what answered):
 * tipo 'emissao' | 'contingencia' | 'transmissao' | 'cancelamento' | 'inutilizacao' | 'consulta'.
 */
export const eventosFiscais = pgTable(
  'eventos_fiscais',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    documentoFiscalId: uuid('documento_fiscal_id').references(() => documentosFiscais.id, { onDelete: 'cascade' }),
    inutilizacaoFiscalId: uuid('inutilizacao_fiscal_id').references(() => inutilizacoesFiscais.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    cStat: text('c_stat'),
    motivo: text('motivo'),
    /** Extra facts (time taken in ms, the error when SEFAZ did not answer, …). */
    detalhes: jsonb('detalhes'),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('eventos_fiscais_documento_idx').on(t.documentoFiscalId), unitPolicy()],
);
