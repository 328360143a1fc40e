/**
 * Finance (DOMAIN.md §7): payment methods and financial categories (tenant-wide), financial
 * accounts with their ledger, receivables created by sales, and the customer credit ledger.
 *
 * Money is numeric(14,2) in reais, signed where the column says so; fees are percent with
 * 4 decimals. Balances are sums of ledgers, never a stored total that could drift:
 * an account's balance = saldo_inicial + Σ movimentacoes_financeiras.valor; a customer's
 * credit = Σ credito_cliente_lancamentos.valor.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { arquivos, tenants, unidadesNegocio, usuarios } from './core.ts';
import { pessoas } from './pessoal.ts';
import { fornecedores } from './inventario.ts';
import { tenantIdColumn, tenantPolicy, unidadeNegocioIdColumn, unitPolicy } from './tenancy.ts';
import { money, timestamps } from './columns.ts';

/** Financial accounts of a unit: the drawer's cash account, bank accounts, wallets. */
export const contas = pgTable(
  'contas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    nome: text('nome').notNull(),
    /** 'caixa' | 'banco' | 'carteira' (TIPOS_CONTA of @petshop/shared/conta). */
    tipo: text('tipo').notNull(),
    banco: text('banco'),
    agencia: text('agencia'),
    numeroConta: text('numero_conta'),
    /** Balance on the day the account started being used here (reais, signed). */
    saldoInicial: money('saldo_inicial').notNull().default('0'),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('contas_unidade_nome_idx').on(t.unidadeNegocioId, sql`f_busca(${t.nome})`), unitPolicy()],
);

/** Payment methods, shared by the tenant's units. */
export const formasPagamento = pgTable(
  'formas_pagamento',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    /**
     * 'dinheiro' | 'pix' | 'cartao_debito' | 'cartao_credito' | 'boleto' | 'credito_cliente' |
     * 'a_prazo' (TIPOS_FORMA_PAGAMENTO of @petshop/shared/forma-pagamento).
     */
    tipo: text('tipo').notNull(),
    /** Fee charged by the acquirer, percent of the payment (2,49 = 2.49 %). */
    taxaPercentual: numeric('taxa_percentual', { precision: 7, scale: 4 }).notNull().default('0'),
    /** Days from the sale until the money reaches the account (D+N); credit: per installment, 30 days apart. */
    diasRecebimento: integer('dias_recebimento').notNull().default(0),
    /** Largest number of installments (1 for everything but credit card and a prazo). */
    maxParcelas: integer('max_parcelas').notNull().default(1),
    /**
     * Account the money lands in. Accounts belong to units and methods to the tenant: a unit
     * that does not own this account uses its first active 'banco' account (cash: 'caixa').
     */
    contaDestinoId: uuid('conta_destino_id').references(() => contas.id, { onDelete: 'set null' }),
    /** Card methods: the acquirer the method's payments go through by default (name, CNPJ 14 digits). */
    adquirente: text('adquirente'),
    adquirenteCnpj: text('adquirente_cnpj'),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('formas_pagamento_tenant_nome_idx').on(t.tenantId, sql`f_busca(${t.nome})`), tenantPolicy()],
);

/** Income and expense categories: a tree per kind (DRE lines). */
export const categoriasFinanceiras = pgTable(
  'categorias_financeiras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    /** 'receita' | 'despesa'. A child has its parent's kind. */
    tipo: text('tipo').notNull(),
    categoriaPaiId: uuid('categoria_pai_id').references((): AnyPgColumn => categoriasFinanceiras.id),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('categorias_financeiras_tenant_nome_idx').on(t.tenantId, t.tipo, sql`f_busca(${t.nome})`),
    index('categorias_financeiras_pai_idx').on(t.categoriaPaiId),
    tenantPolicy(),
  ],
);

/**
 * An account's ledger: every entry that moved its balance. `valor` is signed (reais): positive
 * in, negative out. `origem` says what made it ('transferencia_caixa', 'transferencia',
 * 'baixa_receita', 'baixa_despesa', 'ajuste', …) and `origem_id` points to that row.
 */
export const movimentacoesFinanceiras = pgTable(
  'movimentacoes_financeiras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    contaId: uuid('conta_id')
      .notNull()
      .references(() => contas.id),
    /** Day the money moved, in the unit's time zone. */
    data: date('data', { mode: 'string' }).notNull(),
    valor: money('valor').notNull(),
    descricao: text('descricao').notNull(),
    origem: text('origem').notNull(),
    origemId: uuid('origem_id'),
    categoriaFinanceiraId: uuid('categoria_financeira_id').references(() => categoriasFinanceiras.id),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('movimentacoes_financeiras_conta_idx').on(t.contaId, t.data), unitPolicy()],
);

/**
 * Receivables (*receitas*): one row per installment. Sales create them for card, PIX, boleto
 * and *a prazo* payments: `valor` is the gross installment, `valor_taxa` the method's fee,
 * `data_vencimento` the settlement (or due) date. Issue #6 settles them (*baixa*).
 * status: 'EmAberto' | 'BaixaParcial' | 'Baixada' | 'Cancelada'.
 */
export const receitas = pgTable(
  'receitas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    descricao: text('descricao').notNull(),
    pessoaId: uuid('pessoa_id').references(() => pessoas.id),
    categoriaFinanceiraId: uuid('categoria_financeira_id').references(() => categoriasFinanceiras.id),
    formaPagamentoId: uuid('forma_pagamento_id').references(() => formasPagamento.id),
    contaId: uuid('conta_id').references(() => contas.id),
    /** The sale and the payment of the sale that created it, when it came from the till. */
    vendaId: uuid('venda_id'),
    vendaFinanceiroId: uuid('venda_financeiro_id'),
    /** Installments created together (a manual receivable in N parts) share it. */
    grupoId: uuid('grupo_id'),
    /** Document number (boleto, contract…). */
    documento: text('documento'),
    parcela: integer('parcela').notNull().default(1),
    totalParcelas: integer('total_parcelas').notNull().default(1),
    dataEmissao: date('data_emissao', { mode: 'string' }).notNull(),
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    valor: money('valor').notNull(),
    valorTaxa: money('valor_taxa').notNull().default('0'),
    valorPago: money('valor_pago').notNull().default('0'),
    status: text('status').notNull().default('EmAberto'),
    dataBaixa: date('data_baixa', { mode: 'string' }),
    observacoes: text('observacoes'),
    ...timestamps(),
  },
  (t) => [
    index('receitas_unidade_vencimento_idx').on(t.unidadeNegocioId, t.dataVencimento),
    index('receitas_pessoa_idx').on(t.pessoaId),
    index('receitas_venda_idx').on(t.vendaId),
    unitPolicy(),
  ],
);

/**
 * Payables (*despesas*): one row per installment. Purchases create them from their
 * installments (`compra_id`, status EmAberto); issue #6 adds the rest (manual entry,
 * recurrences, settlement). status: 'EmAberto' | 'BaixaParcial' | 'Baixada' | 'Cancelada'.
 */
export const despesas = pgTable(
  'despesas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    descricao: text('descricao').notNull(),
    fornecedorId: uuid('fornecedor_id').references(() => fornecedores.id),
    categoriaFinanceiraId: uuid('categoria_financeira_id').references(() => categoriasFinanceiras.id),
    formaPagamentoId: uuid('forma_pagamento_id').references(() => formasPagamento.id),
    contaId: uuid('conta_id').references(() => contas.id),
    /** The purchase that created it, when any. */
    compraId: uuid('compra_id'),
    /** Installments created together share it (a manual payable in N parts). */
    grupoId: uuid('grupo_id'),
    /** The recurrence that generated it and which occurrence (0-based) it is. */
    recorrenciaId: uuid('recorrencia_id').references((): AnyPgColumn => recorrencias.id),
    recorrenciaOcorrencia: integer('recorrencia_ocorrencia'),
    /** Document number (invoice nº / duplicata). */
    documento: text('documento'),
    parcela: integer('parcela').notNull().default(1),
    totalParcelas: integer('total_parcelas').notNull().default(1),
    dataEmissao: date('data_emissao', { mode: 'string' }).notNull(),
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    valor: money('valor').notNull(),
    valorPago: money('valor_pago').notNull().default('0'),
    status: text('status').notNull().default('EmAberto'),
    dataBaixa: date('data_baixa', { mode: 'string' }),
    observacoes: text('observacoes'),
    ...timestamps(),
  },
  (t) => [
    index('despesas_unidade_vencimento_idx').on(t.unidadeNegocioId, t.dataVencimento),
    index('despesas_fornecedor_idx').on(t.fornecedorId),
    index('despesas_compra_idx').on(t.compraId),
    uniqueIndex('despesas_recorrencia_ocorrencia_idx').on(t.recorrenciaId, t.recorrenciaOcorrencia),
    unitPolicy(),
  ],
);

/**
 * Settlements (*baixas*, DOMAIN.md §7) of a receita or a despesa (exactly one is set). `valor`
 * is the principal settled; the account moved `total` = valor + juros + multa − desconto − taxa
 * (signed in the ledger by the título's kind), through `movimentacao_id`. A reversal keeps the
 * row (`estornada_em`) and writes the opposite movement (`estorno_movimentacao_id`).
 * `chave`: the client's uuid, unique, so a repeated settlement does its work once.
 */
export const baixasFinanceiras = pgTable(
  'baixas_financeiras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    receitaId: uuid('receita_id').references(() => receitas.id),
    despesaId: uuid('despesa_id').references(() => despesas.id),
    chave: uuid('chave'),
    dataPagamento: date('data_pagamento', { mode: 'string' }).notNull(),
    valor: money('valor').notNull(),
    juros: money('juros').notNull().default('0'),
    multa: money('multa').notNull().default('0'),
    desconto: money('desconto').notNull().default('0'),
    taxa: money('taxa').notNull().default('0'),
    total: money('total').notNull(),
    contaId: uuid('conta_id')
      .notNull()
      .references(() => contas.id),
    formaPagamentoId: uuid('forma_pagamento_id').references(() => formasPagamento.id),
    movimentacaoId: uuid('movimentacao_id').references(() => movimentacoesFinanceiras.id),
    observacoes: text('observacoes'),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    estornadaEm: timestamp('estornada_em', { withTimezone: true }),
    estornadaPorId: uuid('estornada_por_id').references(() => usuarios.id),
    estornoMovimentacaoId: uuid('estorno_movimentacao_id').references(() => movimentacoesFinanceiras.id),
  },
  (t) => [
    index('baixas_financeiras_receita_idx').on(t.receitaId),
    index('baixas_financeiras_despesa_idx').on(t.despesaId),
    uniqueIndex('baixas_financeiras_chave_idx').on(t.tenantId, t.chave),
    check('baixas_financeiras_um_titulo', sql`(${t.receitaId} is null) <> (${t.despesaId} is null)`),
    unitPolicy(),
  ],
);

/** Files attached to a payable (the bill, the receipt): stored in `arquivos`. */
export const despesaAnexos = pgTable(
  'despesa_anexos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    despesaId: uuid('despesa_id')
      .notNull()
      .references(() => despesas.id, { onDelete: 'cascade' }),
    arquivoId: uuid('arquivo_id')
      .notNull()
      .references(() => arquivos.id),
    nome: text('nome').notNull(),
    tamanho: integer('tamanho').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('despesa_anexos_despesa_idx').on(t.despesaId), unitPolicy()],
);

/**
 * Recurring payables (*recorrências*, DOMAIN.md §7; issue #6 item 3). Payables are generated
 * ahead (RECORRENCIA_DIAS_A_FRENTE of @petshop/shared/financeiro) with `recorrencia_id` and
 * their occurrence number, unique together, so generating twice creates nothing twice.
 * `proxima_ocorrencia` is the first occurrence not generated yet (advanced under the row's lock).
 * frequencia: 'semanal' | 'mensal' | 'anual' every `intervalo`; termino: 'sem_fim' | 'data' |
 * 'ocorrencias'; status: 'Ativa' | 'Pausada' | 'Encerrada'.
 */
export const recorrencias = pgTable(
  'recorrencias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    descricao: text('descricao').notNull(),
    fornecedorId: uuid('fornecedor_id').references(() => fornecedores.id),
    categoriaFinanceiraId: uuid('categoria_financeira_id').references(() => categoriasFinanceiras.id),
    formaPagamentoId: uuid('forma_pagamento_id').references(() => formasPagamento.id),
    contaId: uuid('conta_id').references(() => contas.id),
    valor: money('valor').notNull(),
    frequencia: text('frequencia').notNull(),
    intervalo: integer('intervalo').notNull().default(1),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    termino: text('termino').notNull().default('sem_fim'),
    dataFim: date('data_fim', { mode: 'string' }),
    totalOcorrencias: integer('total_ocorrencias'),
    status: text('status').notNull().default('Ativa'),
    proximaOcorrencia: integer('proxima_ocorrencia').notNull().default(0),
    observacoes: text('observacoes'),
    ...timestamps(),
  },
  (t) => [index('recorrencias_unidade_status_idx').on(t.unidadeNegocioId, t.status), unitPolicy()],
);

/**
 * Customer credit ledger (tenant-wide: credit left in one unit can be used in another).
 * `valor` signed (reais): + deposit, return, cancelled sale; − used in a sale, refunded.
 * origem: 'deposito' | 'devolucao' | 'venda' | 'estorno_venda' | 'ajuste'.
 */
export const creditoClienteLancamentos = pgTable(
  'credito_cliente_lancamentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: uuid('unidade_negocio_id').references(() => unidadesNegocio.id),
    pessoaId: uuid('pessoa_id')
      .notNull()
      .references(() => pessoas.id),
    valor: money('valor').notNull(),
    origem: text('origem').notNull(),
    origemId: uuid('origem_id'),
    descricao: text('descricao').notNull(),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credito_cliente_pessoa_idx').on(t.pessoaId, t.createdAt), tenantPolicy()],
);
