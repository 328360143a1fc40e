/**
 * Purchases (*compras*, DOMAIN.md §5; issue #5): a supplier's invoice entered by hand or
 * imported from its NF-e XML, as a draft until finalised. Finalising moves stock in (lots
 * included), updates cost prices and creates the payables (`despesas`) from the installments;
 * deleting a finalised purchase reverses both (status 'Cancelada', the row stays as the
 * origin of its stock movements). A draft is deleted for good.
 *
 * All unit-owned. Money numeric(14,2) in reais, unit costs numeric(14,4), quantities
 * numeric(14,3).
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, unidadesNegocio, usuarios } from './core.ts';
import { fornecedores, produtos } from './inventario.ts';
import { tenantIdColumn, tenantPolicy, unidadeNegocioIdColumn, unitPolicy } from './tenancy.ts';
import { money, quantity, timestamps } from './columns.ts';

/** A warning kept on an imported purchase (bad signature, access-key check digit, another CNPJ…). */
export type AvisoCompra = { codigo: string; mensagem: string };

/** A lot of a purchase item as entered or read from the XML's `rastro` (quantity in the shop's unit). */
export type LoteCompraItem = {
  numero: string;
  dataFabricacao: string | null;
  dataValidade: string | null;
  quantidade: number;
};

/**
 * A purchase. status 'Rascunho' | 'Finalizada' | 'Cancelada'; origem 'manual' | 'xml'.
 * `chave_acesso` (44 digits) of an imported NF-e is unique per unit among purchases not
 * cancelled, so the same invoice is never brought in twice.
 */
export const compras = pgTable(
  'compras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    /** Human number per unit (contador 'compra'). */
    numero: bigint('numero', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('Rascunho'),
    origem: text('origem').notNull().default('manual'),
    fornecedorId: uuid('fornecedor_id').references(() => fornecedores.id),
    numeroNota: text('numero_nota'),
    serie: text('serie'),
    chaveAcesso: text('chave_acesso'),
    /** Layout of the imported NF-e ('3.10' | '4.00'). */
    versaoNfe: text('versao_nfe'),
    dataEmissao: date('data_emissao', { mode: 'string' }),
    /** Day the goods came in (the unit's today by default). */
    dataEntrada: date('data_entrada', { mode: 'string' }),
    valorProdutos: money('valor_produtos').notNull().default('0'),
    valorFrete: money('valor_frete').notNull().default('0'),
    valorDesconto: money('valor_desconto').notNull().default('0'),
    valorOutros: money('valor_outros').notNull().default('0'),
    /** produtos + frete + outros − desconto. */
    valorTotal: money('valor_total').notNull().default('0'),
    observacoes: text('observacoes'),
    /** Warnings of the import that did not stop it (AvisoCompra[]). */
    avisos: jsonb('avisos').$type<AvisoCompra[]>().notNull().default([]),
    /** The imported XML as received (for the record and a later DANFE). */
    xml: text('xml'),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    finalizadaEm: timestamp('finalizada_em', { withTimezone: true }),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('compras_unidade_numero_idx').on(t.unidadeNegocioId, t.numero),
    uniqueIndex('compras_unidade_chave_idx')
      .on(t.unidadeNegocioId, t.chaveAcesso)
      .where(sql`${t.chaveAcesso} is not null and ${t.status} <> 'Cancelada'`),
    index('compras_unidade_entrada_idx').on(t.unidadeNegocioId, t.dataEntrada),
    index('compras_fornecedor_idx').on(t.fornecedorId),
    unitPolicy(),
  ],
);

/**
 * Items of a purchase. The supplier's side as on the invoice (`codigo_fornecedor`,
 * `unidade_fornecedor`, `quantidade_fornecedor`, `valor_unitario_fornecedor`) and the shop's
 * side: `produto_id` (null until the user links or creates the product), `fator_conversao`
 * (shop units per supplier unit: 1 CX = 12 UN → 12), `quantidade` = quantidade_fornecedor ×
 * fator, `custo_unitario` per shop unit before freight/discount/other apportionment.
 */
export const compraItens = pgTable(
  'compra_itens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    compraId: uuid('compra_id')
      .notNull()
      .references(() => compras.id, { onDelete: 'cascade' }),
    ordem: integer('ordem').notNull(),
    produtoId: uuid('produto_id').references(() => produtos.id),
    descricao: text('descricao').notNull(),
    codigoFornecedor: text('codigo_fornecedor'),
    gtin: text('gtin'),
    ncm: text('ncm'),
    cest: text('cest'),
    cfop: text('cfop'),
    unidadeFornecedor: text('unidade_fornecedor'),
    quantidadeFornecedor: numeric('quantidade_fornecedor', { precision: 14, scale: 4 }).notNull(),
    valorUnitarioFornecedor: numeric('valor_unitario_fornecedor', { precision: 14, scale: 4 }).notNull(),
    fatorConversao: numeric('fator_conversao', { precision: 14, scale: 4 }).notNull().default('1'),
    quantidade: quantity('quantidade').notNull(),
    custoUnitario: numeric('custo_unitario', { precision: 14, scale: 4 }).notNull(),
    valorDesconto: money('valor_desconto').notNull().default('0'),
    /** quantidade_fornecedor × valor_unitario_fornecedor − valor_desconto (reais). */
    valorTotal: money('valor_total').notNull(),
    lotes: jsonb('lotes').$type<LoteCompraItem[]>().notNull().default([]),
  },
  (t) => [index('compra_itens_compra_idx').on(t.compraId), index('compra_itens_produto_idx').on(t.produtoId), unitPolicy()],
);

/** Installments (*duplicatas*) of a purchase: they become payables when it is finalised. */
export const compraParcelas = pgTable(
  'compra_parcelas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    compraId: uuid('compra_id')
      .notNull()
      .references(() => compras.id, { onDelete: 'cascade' }),
    /** Position (1…n) and the invoice's own number (nDup), when any. */
    parcela: integer('parcela').notNull(),
    numero: text('numero'),
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    valor: money('valor').notNull(),
  },
  (t) => [index('compra_parcelas_compra_idx').on(t.compraId), unitPolicy()],
);

/**
 * What the shop learned from a supplier's invoices (tenant-wide): the supplier's own code of
 * an item, the product it is, and the conversion from the supplier's unit (1 CX = 12 UN).
 */
export const fornecedorProdutos = pgTable(
  'fornecedor_produtos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    fornecedorId: uuid('fornecedor_id')
      .notNull()
      .references(() => fornecedores.id, { onDelete: 'cascade' }),
    codigoFornecedor: text('codigo_fornecedor').notNull(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    unidadeFornecedor: text('unidade_fornecedor'),
    fatorConversao: numeric('fator_conversao', { precision: 14, scale: 4 }).notNull().default('1'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('fornecedor_produtos_codigo_idx').on(t.fornecedorId, t.codigoFornecedor),
    index('fornecedor_produtos_produto_idx').on(t.produtoId),
    tenantPolicy(),
  ],
);
