/**
 * Point of sale (DOMAIN.md §6; spec §2–§4, §7 "Sales and point of sale", "Returns", "Cash
 * registers"): cash register sessions and their movements, sales and quotes with items and
 * payments, returns, and per-unit counters for the human numbers (venda nº 1234).
 *
 * All unit-owned. Money numeric(14,2) in reais; quantities numeric(14,3).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, unidadesNegocio, usuarios } from './core.ts';
import { pets } from './animal.ts';
import { contas, categoriasFinanceiras, formasPagamento } from './financeiro.ts';
import { produtos } from './inventario.ts';
import { pessoas } from './pessoal.ts';
import { tenantIdColumn, unidadeNegocioIdColumn, unitPolicy } from './tenancy.ts';
import { money, quantity, timestamps } from './columns.ts';

/**
 * Per-unit sequences ('venda', 'devolucao', 'caixa'): `update … set valor = valor + 1
 * returning valor` takes a row lock, so two tills never get the same number.
 */
export const contadores = pgTable(
  'contadores',
  {
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    nome: text('nome').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.unidadeNegocioId, t.nome] }), unitPolicy()],
);

/**
 * A cash register session (*caixa*): one cashier, one unit, from opening to closing.
 * status 'Aberto' | 'Fechado'; at most one open per cashier per unit (partial unique index).
 * `conferencia` (set at closing): [{ formaPagamentoId, nome, tipo, esperado, contado, diferenca }]
 * in reais, the *quebra de caixa* per payment method.
 */
export const caixas = pgTable(
  'caixas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    status: text('status').notNull().default('Aberto'),
    dataAbertura: timestamp('data_abertura', { withTimezone: true }).notNull().defaultNow(),
    valorAbertura: money('valor_abertura').notNull().default('0'),
    dataFechamento: timestamp('data_fechamento', { withTimezone: true }),
    fechadoPorId: uuid('fechado_por_id').references(() => usuarios.id),
    /** Cash the cashier counted at closing, and the system's expectation (reais). */
    valorEsperado: money('valor_esperado'),
    valorContado: money('valor_contado'),
    diferenca: money('diferenca'),
    conferencia:
      jsonb('conferencia').$type<
        { formaPagamentoId: string | null; nome: string; tipo: string; esperado: number; contado: number; diferenca: number }[]
      >(),
    observacoes: text('observacoes'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('caixas_unidade_numero_idx').on(t.unidadeNegocioId, t.numero),
    uniqueIndex('caixas_aberto_por_operador_idx')
      .on(t.unidadeNegocioId, t.usuarioId)
      .where(sql`status = 'Aberto'`),
    index('caixas_unidade_abertura_idx').on(t.unidadeNegocioId, t.dataAbertura),
    unitPolicy(),
  ],
);

/**
 * Everything that went through a register (*movimentação de caixa*). `valor` signed (reais):
 * + abertura, suprimento, recebimento, credito_cliente; − sangria, despesa, transferencia,
 * devolucao, estorno. `forma_pagamento_id` null means cash (dinheiro). Sale payments of every
 * method are recorded so closing shows expected vs counted per method; for cash the value
 * is net of change (*troco*).
 * tipo: 'abertura' | 'suprimento' | 'sangria' | 'despesa' | 'credito_cliente' |
 * 'transferencia' | 'recebimento' | 'devolucao' | 'estorno'.
 */
export const movimentacoesCaixa = pgTable(
  'movimentacoes_caixa',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    caixaId: uuid('caixa_id')
      .notNull()
      .references(() => caixas.id),
    tipo: text('tipo').notNull(),
    formaPagamentoId: uuid('forma_pagamento_id').references(() => formasPagamento.id),
    valor: money('valor').notNull(),
    descricao: text('descricao').notNull(),
    vendaId: uuid('venda_id'),
    vendaFinanceiroId: uuid('venda_financeiro_id'),
    devolucaoId: uuid('devolucao_id'),
    /** transferencia: the destination account. */
    contaId: uuid('conta_id').references(() => contas.id),
    /** despesa: its category. */
    categoriaFinanceiraId: uuid('categoria_financeira_id').references(() => categoriasFinanceiras.id),
    /** credito_cliente: who deposited. */
    pessoaId: uuid('pessoa_id').references(() => pessoas.id),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movimentacoes_caixa_caixa_idx').on(t.caixaId, t.createdAt),
    index('movimentacoes_caixa_unidade_data_idx').on(t.unidadeNegocioId, t.createdAt),
    index('movimentacoes_caixa_venda_idx').on(t.vendaId),
    unitPolicy(),
  ],
);

/**
 * Sales and quotes (the point of sale's working record, spec §3). tipo 'Venda' | 'Orcamento';
 * status 'EmAberto' | 'Finalizada' | 'Cancelada'; quotes also carry status_orcamento
 * 'Aberto' | 'Convertido' | 'Expirado' and validade_orcamento. Totals are kept by the API
 * from the items and payments (valor_pago / valor_em_aberto are derived, never typed).
 * `snapshot` is the client's in-progress record (autosave), replaced on every save.
 */
export const vendas = pgTable(
  'vendas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    tipo: text('tipo').notNull().default('Venda'),
    status: text('status').notNull().default('EmAberto'),
    statusOrcamento: text('status_orcamento'),
    validadeOrcamento: date('validade_orcamento', { mode: 'string' }),
    emAtendimento: boolean('em_atendimento').notNull().default(true),
    caixaId: uuid('caixa_id').references(() => caixas.id),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    clienteId: uuid('cliente_id').references(() => pessoas.id),
    petId: uuid('pet_id').references(() => pets.id),
    valorBruto: money('valor_bruto').notNull().default('0'),
    /** Sum of the items' discounts. */
    valorDescontoItens: money('valor_desconto_itens').notNull().default('0'),
    /** The sale discount as typed: percent when tipo_desconto = 'Percentual', reais when 'Valor'. */
    desconto: numeric('desconto', { precision: 14, scale: 2 }).notNull().default('0'),
    tipoDesconto: text('tipo_desconto').notNull().default('Valor'),
    /** Items' discounts + the sale discount, in reais. */
    valorDescontos: money('valor_descontos').notNull().default('0'),
    valorEntregaFrete: money('valor_entrega_frete').notNull().default('0'),
    valorLiquido: money('valor_liquido').notNull().default('0'),
    valorPago: money('valor_pago').notNull().default('0'),
    valorEmAberto: money('valor_em_aberto').notNull().default('0'),
    valorTroco: money('valor_troco').notNull().default('0'),
    observacoes: text('observacoes'),
    /** Whether the items already left stock (finalised, or left open with a balance). */
    estoqueBaixado: boolean('estoque_baixado').notNull().default(false),
    /** When the sale was finalised (null while open). */
    dataFinalizacao: timestamp('data_finalizacao', { withTimezone: true }),
    dataCancelamento: timestamp('data_cancelamento', { withTimezone: true }),
    motivoCancelamento: text('motivo_cancelamento'),
    canceladoPorId: uuid('cancelado_por_id').references(() => usuarios.id),
    /** The quote this sale came from. */
    orcamentoOrigemId: uuid('orcamento_origem_id'),
    snapshot: jsonb('snapshot'),
    snapshotEm: timestamp('snapshot_em', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('vendas_unidade_numero_idx').on(t.unidadeNegocioId, t.numero),
    index('vendas_unidade_created_idx').on(t.unidadeNegocioId, t.createdAt),
    index('vendas_cliente_idx').on(t.clienteId),
    index('vendas_caixa_idx').on(t.caixaId),
    /**
     * Reports and indicators read a unit's finalised sales by the day they were finalised (issue #20;
     * the home page's revenue, GET /api/indicadores, `vendasLiquidasSql`): each day of two months
     * by an index-only range. Every reader asks for status Finalizada AND tipo Venda, so the
     * wider `vendas_unidade_finalizacao_idx` (status only, 0022) was dropped in 0032: one index
     * less for the till to write. Migration 0027 adds INCLUDE (tenant_id, id, cliente_id, usuario_id,
     * valor_liquido, valor_entrega_frete), which drizzle-kit cannot express.
     */
    index('vendas_indicadores_idx')
      .on(t.unidadeNegocioId, t.dataFinalizacao)
      .where(sql`status = 'Finalizada' and tipo = 'Venda'`),
    unitPolicy(),
  ],
);

/** Items of a sale. descricao/unidade_sigla are copied from the product at the time of sale. */
export const vendaItens = pgTable(
  'venda_itens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    vendaId: uuid('venda_id')
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    ordem: integer('ordem').notNull(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id),
    descricao: text('descricao').notNull(),
    unidadeSigla: text('unidade_sigla').notNull(),
    quantidade: quantity('quantidade').notNull(),
    valorUnitario: money('valor_unitario').notNull(),
    desconto: numeric('desconto', { precision: 14, scale: 2 }).notNull().default('0'),
    tipoDesconto: text('tipo_desconto').notNull().default('Valor'),
    valorDesconto: money('valor_desconto').notNull().default('0'),
    /** quantidade × valor_unitario − valor_desconto (reais). */
    valorTotal: money('valor_total').notNull(),
    /** Cost per unit when sold (margin reports). */
    precoCusto: money('preco_custo').notNull().default('0'),
    quantidadeDevolvida: quantity('quantidade_devolvida').notNull().default('0'),
    /**
     * A vaccine dose applied at the clinic (vacinas_aplicadas, issue #19): its stock left when it
     * was applied (its lot), so the sale's stock-out and reversal skip this line.
     */
    vacinaAplicadaId: uuid('vacina_aplicada_id'),
  },
  (t) => [index('venda_itens_venda_idx').on(t.vendaId), index('venda_itens_produto_idx').on(t.produtoId), unitPolicy()],
);

/**
 * Payments of a sale (*financeiros*). `chave` is the client's id for the payment: saving the
 * same payment twice (double click, retry) finds the row instead of adding one.
 * valor: what it pays of the sale; valor_recebido − troco = valor for cash.
 */
export const vendaFinanceiros = pgTable(
  'venda_financeiros',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    vendaId: uuid('venda_id')
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    chave: text('chave').notNull(),
    formaPagamentoId: uuid('forma_pagamento_id')
      .notNull()
      .references(() => formasPagamento.id),
    /** The method's kind when paid (a later edit of the method changes nothing here). */
    tipoForma: text('tipo_forma').notNull(),
    valor: money('valor').notNull(),
    valorRecebido: money('valor_recebido').notNull(),
    troco: money('troco').notNull().default('0'),
    parcelas: integer('parcelas').notNull().default(1),
    taxaPercentual: numeric('taxa_percentual', { precision: 7, scale: 4 }).notNull().default('0'),
    /** a prazo: first due date. */
    dataVencimento: date('data_vencimento', { mode: 'string' }),
    /** Card payments: brand as the NFC-e's tBand code ('01' Visa, '02' Mastercard, … '99' Outros). */
    bandeira: text('bandeira'),
    /** Card payments: the acquirer's authorisation code (NSU), as printed on the slip. */
    autorizacao: text('autorizacao'),
    /** Card payments: the acquirer's name and CNPJ (14 digits), defaulted from the method. */
    adquirente: text('adquirente'),
    adquirenteCnpj: text('adquirente_cnpj'),
    caixaId: uuid('caixa_id').references(() => caixas.id),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    /**
     * When its money moved (cash movement, receivables, credit used): at finalising, or when a
     * sale is left open with it. Null while the sale is still being served.
     */
    efetivadoEm: timestamp('efetivado_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('venda_financeiros_chave_idx').on(t.vendaId, t.chave), unitPolicy()],
);

/**
 * Returns (*devoluções*) of a finalised sale. reembolso 'dinheiro' (cash out of the open
 * register) | 'credito_cliente' (credit to the customer).
 */
export const devolucoes = pgTable(
  'devolucoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    vendaId: uuid('venda_id')
      .notNull()
      .references(() => vendas.id),
    clienteId: uuid('cliente_id').references(() => pessoas.id),
    reembolso: text('reembolso').notNull(),
    valorTotal: money('valor_total').notNull(),
    motivo: text('motivo'),
    caixaId: uuid('caixa_id').references(() => caixas.id),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devolucoes_unidade_numero_idx').on(t.unidadeNegocioId, t.numero),
    index('devolucoes_venda_idx').on(t.vendaId),
    index('devolucoes_unidade_created_idx').on(t.unidadeNegocioId, t.createdAt),
    unitPolicy(),
  ],
);

export const devolucaoItens = pgTable(
  'devolucao_itens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    devolucaoId: uuid('devolucao_id')
      .notNull()
      .references(() => devolucoes.id, { onDelete: 'cascade' }),
    vendaItemId: uuid('venda_item_id')
      .notNull()
      .references(() => vendaItens.id),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id),
    quantidade: quantity('quantidade').notNull(),
    /** Net unit value refunded (the item's total ÷ quantity, the sale discount prorated). */
    valorUnitario: money('valor_unitario').notNull(),
    valorTotal: money('valor_total').notNull(),
  },
  (t) => [index('devolucao_itens_devolucao_idx').on(t.devolucaoId), unitPolicy()],
);

/**
 * What each payment method paid of each FINALISED sale (issue #20 "Performance": the home page's
 * "this month by payment method", GET /api/indicadores): one row per (sale, method) with Σ
 * venda_financeiros.valor (cash already net of change) and `em` = the sale's data_finalizacao.
 * Written only by database triggers (migration 0027, `f_pagamentos_vendidos`), deferred to COMMIT
 * on `vendas` (status, type, finalisation time) and on `venda_financeiros` (any change): a sale's
 * rows are recomputed from its payments whenever either changes, and exist only while it is
 * Finalizada of type Venda. Read through `pagamentos_vendidos_unidade_em_idx` (an index-only range
 * of the month) instead of looking up the payments of each of the month's sales (38 000 on the
 * bench: 130–170 ms).
 */
export const pagamentosVendidos = pgTable(
  'pagamentos_vendidos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    vendaId: uuid('venda_id')
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    formaPagamentoId: uuid('forma_pagamento_id')
      .notNull()
      .references(() => formasPagamento.id),
    em: timestamp('em', { withTimezone: true }).notNull(),
    valor: numeric('valor').notNull(),
  },
  (t) => [
    uniqueIndex('pagamentos_vendidos_venda_forma_idx').on(t.vendaId, t.formaPagamentoId),
    /** Migration 0027 adds INCLUDE (tenant_id, forma_pagamento_id, valor), which drizzle-kit cannot express. */
    index('pagamentos_vendidos_unidade_em_idx').on(t.unidadeNegocioId, t.em),
    unitPolicy(),
  ],
);

/**
 * What was sold, net, one row per line (issue #20 "Performance": the reports' rollup, filled in the
 * same transaction as the sale). A row per item of each FINALISED sale (`em` = data_finalizacao;
 * `receita` = the item's total less its share of the sale discount, freight out; `custo` =
 * quantidade × preco_custo) and a NEGATIVE row per returned item (`em` = the return's time,
 * `devolucao_item_id` set). Written only by database triggers (migration 0026, functions
 * `f_itens_vendidos_venda` and `f_itens_vendidos_devolucao`): a sale's rows follow its status at
 * COMMIT (deferred constraint trigger: Finalizada → its lines, anything else → none, Cancelada →
 * none and no returns), so every code path that finalises or cancels a sale keeps it true without
 * knowing it exists. Read by `itensVendidosSql` (modules/relatorios/vendas-liquidas.ts) through
 * `itens_vendidos_unidade_em_idx` (an index-only range scan of the period). `receita`/`custo` keep
 * every decimal (numeric without scale) so a sale's lines add up to its total to the cent. Lean on
 * purpose, as the till writes it on every sale (migration 0028): no id, two partial unique indexes
 * (the triggers' upsert keys, also how a cancellation finds a sale's rows) and the period's index.
 */
export const itensVendidos = pgTable(
  'itens_vendidos',
  {
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    vendaId: uuid('venda_id')
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    vendaItemId: uuid('venda_item_id')
      .notNull()
      .references(() => vendaItens.id, { onDelete: 'cascade' }),
    devolucaoItemId: uuid('devolucao_item_id').references(() => devolucaoItens.id, { onDelete: 'cascade' }),
    produtoId: uuid('produto_id').notNull(),
    clienteId: uuid('cliente_id'),
    usuarioId: uuid('usuario_id').notNull(),
    em: timestamp('em', { withTimezone: true }).notNull(),
    quantidade: numeric('quantidade').notNull(),
    receita: numeric('receita').notNull(),
    custo: numeric('custo').notNull(),
  },
  (t) => [
    uniqueIndex('itens_vendidos_venda_item_idx')
      .on(t.vendaItemId)
      .where(sql`devolucao_item_id is null`),
    uniqueIndex('itens_vendidos_devolucao_item_idx')
      .on(t.devolucaoItemId)
      .where(sql`devolucao_item_id is not null`),
    index('itens_vendidos_unidade_em_idx').on(t.unidadeNegocioId, t.em),
    unitPolicy(),
  ],
);

/**
 * `itens_vendidos` summed per product and MONTH of the unit's time zone (issue #20 "Performance":
 * the 12-month ABC curve of products reads about a fifth of the rows; `mes` = the month's first
 * day). Written only by the statement-level triggers of `itens_vendidos` (migration 0036, function
 * `f_itens_vendidos_mes`), so it changes in the same transaction as every row it sums — the till's,
 * a sale finalised later, a return, a cancellation — and never by the app. `quantidade` and
 * `receita` keep every decimal (sums of the rows' own numerics, exact); `linhas` = how many rows
 * are summed (a row reaching 0 is deleted). Read by curva-abc-produtos for the whole months of a
 * period (modules/relatorios/itens-vendidos-mes.ts), through `itens_vendidos_mes_unidade_idx`.
 */
export const itensVendidosMes = pgTable(
  'itens_vendidos_mes',
  {
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    mes: date('mes').notNull(),
    produtoId: uuid('produto_id').notNull(),
    quantidade: numeric('quantidade').notNull(),
    receita: numeric('receita').notNull(),
    linhas: integer('linhas').notNull(),
  },
  (t) => [uniqueIndex('itens_vendidos_mes_unidade_idx').on(t.unidadeNegocioId, t.mes, t.produtoId), unitPolicy()],
);
