/**
 * Stock (DOMAIN.md §4): the balance of each product in each unit and the ledger of every
 * change. The balance row is updated with `quantidade = quantidade + delta` under its row
 * lock, so two tills selling the last units at once never lose an update; the ledger keeps
 * the resulting balance of each movement.
 */
import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, unidadesNegocio, usuarios } from './core.ts';
import { produtos } from './inventario.ts';
import { tenantIdColumn, unidadeNegocioIdColumn, unitPolicy } from './tenancy.ts';
import { quantity } from './columns.ts';

/** Balance per product per unit (numeric(14,3) in the product's unit of measure). */
export const estoques = pgTable(
  'estoques',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id),
    quantidade: quantity('quantidade').notNull().default('0'),
    /** Average cost per unit (reais, 4 decimals). */
    custoMedio: numeric('custo_medio', { precision: 14, scale: 4 }).notNull().default('0'),
    /**
     * A copy of `produtos.estoque_minimo`, kept by the database (triggers of migration
     * estoque_abaixo_minimo: a minimum set or changed is copied to the product's rows in every
     * unit, and a product with a minimum has a row, balance 0, in every unit of its tenant), so
     * "below minimum" is a fact of the row and `estoques_abaixo_minimo_idx` finds those rows
     * alone. Never written by the application.
     */
    estoqueMinimo: quantity('estoque_minimo').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('estoques_unidade_produto_idx').on(t.unidadeNegocioId, t.produtoId),
    // Negative balances (the "negativo" and "abaixo do mínimo" filters): a handful of rows.
    index('estoques_negativos_idx')
      .on(t.unidadeNegocioId, t.produtoId)
      .where(sql`quantidade < 0`),
    // Below minimum (estoque-repository.ts ABAIXO_MINIMO): a minimum above the balance, or a
    // negative balance — the few rows of the unit the filter, its count and the home page's card
    // read. Maintained by PostgreSQL on the sale's balance update (no trigger on this table).
    index('estoques_abaixo_minimo_idx')
      .on(t.unidadeNegocioId, t.produtoId)
      .where(sql`quantidade < greatest(estoque_minimo, 0)`),
    unitPolicy(),
  ],
);

/**
 * Lots (*lotes*) of products that control them (`produtos.controla_lote`), per unit: number,
 * dates and the quantity left, updated under the row lock like `estoques` (the lots of a
 * product add up to its balance when every movement named its lot). Purchases create them
 * (entered or read from the NF-e's `rastro`); sales consume the earliest expiry first (FEFO).
 */
export const lotes = pgTable(
  'lotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id),
    numero: text('numero').notNull(),
    dataFabricacao: date('data_fabricacao', { mode: 'string' }),
    dataValidade: date('data_validade', { mode: 'string' }),
    quantidade: quantity('quantidade').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lotes_unidade_produto_numero_idx').on(t.unidadeNegocioId, t.produtoId, t.numero),
    index('lotes_unidade_validade_idx').on(t.unidadeNegocioId, t.dataValidade),
    unitPolicy(),
  ],
);

/**
 * Stock ledger. `quantidade` signed (+ in, − out); `saldo_resultante` the balance after it.
 * tipo: 'entrada_compra' | 'saida_venda' | 'entrada_devolucao' | 'estorno_venda' |
 * 'ajuste_entrada' | 'ajuste_saida' | 'saida_granel' | 'entrada_granel' | 'cancelamento_compra'
 * (TIPOS_MOVIMENTACAO_ESTOQUE of @petshop/shared/estoque). origem: 'venda' | 'devolucao' |
 * 'compra' | 'ajuste' | 'granel', origem_id the document.
 */
export const movimentacoesEstoque = pgTable(
  'movimentacoes_estoque',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id),
    tipo: text('tipo').notNull(),
    quantidade: quantity('quantidade').notNull(),
    custoUnitario: numeric('custo_unitario', { precision: 14, scale: 4 }).notNull().default('0'),
    saldoResultante: quantity('saldo_resultante').notNull(),
    origem: text('origem').notNull(),
    origemId: uuid('origem_id'),
    /** The lot it moved, for products that control lots (one ledger row per lot touched). */
    loteId: uuid('lote_id').references(() => lotes.id),
    observacao: text('observacao'),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movimentacoes_estoque_produto_idx').on(t.unidadeNegocioId, t.produtoId, t.createdAt),
    index('movimentacoes_estoque_origem_idx').on(t.origemId),
    index('movimentacoes_estoque_lote_idx').on(t.loteId),
    unitPolicy(),
  ],
);
