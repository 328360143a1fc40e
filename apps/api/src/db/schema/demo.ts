/**
 * The demo seed's progress (issue #22 item 1): the server seeds the essentials (tenants, users,
 * catalogue, customers) before it listens and the history (60 days of sales, purchases, agenda,
 * clinic, finance) after, in the background, one step per transaction. Each step writes its row in
 * its own transaction, so a restart resumes after the last whole step and never leaves half a day.
 * Not tenant-owned (no RLS): written by the seed, read by `GET /api/demo/progresso`.
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const demoEtapas = pgTable('demo_etapas', {
  /** `essenciais` (its `dados` are the demo ids), `estoque-inicial`, `vendas:<dias atrás>`, `compras`, … , `historico`. */
  etapa: text('etapa').primaryKey(),
  /** What a later step needs from this one (the `essenciais` step: the demo tenants' and users' ids). */
  dados: jsonb('dados'),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }).notNull().defaultNow(),
});
