/**
 * Answers of third-party services kept to spare calls. Global (not tenant-owned, no RLS):
 * a postal code's address is public data, the same for every tenant.
 */
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** CEP lookups (modules/third), found or not, kept for 30 days. */
export const cepCache = pgTable('cep_cache', {
  cep: text('cep').primaryKey(),
  encontrado: boolean('encontrado').notNull(),
  logradouro: text('logradouro'),
  complemento: text('complemento'),
  bairro: text('bairro'),
  cidade: text('cidade'),
  uf: text('uf'),
  codigoIbge: text('codigo_ibge'),
  consultadoEm: timestamp('consultado_em', { withTimezone: true }).notNull().defaultNow(),
});
