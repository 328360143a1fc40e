/**
 * Product catalogue: units of measure, brands, product categories (a tree), suppliers and
 * products/services with their bulk (granel) counterpart and fiscal data. Shared by every
 * unit of a tenant (DOMAIN.md §2, §4; issue #3 item 4).
 *
 * Names are unique per tenant ignoring case and accents (`f_busca`), siglas per tenant,
 * product codes per tenant ignoring case, barcodes per tenant.
 *
 * Why `codigo_busca`: under row-level security PostgreSQL only uses an index for a
 * condition whose functions are leakproof (or for the policy's own condition). `upper(codigo)
 * = $1` is not (upper() is not leakproof), `codigo_busca = $1` is (text equality), so the
 * till's exact code lookup stays an index scan. The same rule keeps `nome_busca like`
 * off the trigram index inside a tenant scope: name searches go through the SECURITY
 * DEFINER function `f_produtos_nome_contem` (migrations inventario_busca and
 * inventario_nome_busca_prefixo), which filters by the scope's tenant itself.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenants } from './core.ts';
import { tiposAtendimento } from './agenda.ts';
import { tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { timestamps } from './columns.ts';

/** UN, KG, G, L, ML, CX, SC…: `permite_venda_fracionada` allows 3-decimal quantities. */
export const unidadesMedida = pgTable(
  'unidades_medida',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    /** Upper case, 1..6 letters or digits. */
    sigla: text('sigla').notNull(),
    descricao: text('descricao').notNull(),
    permiteVendaFracionada: boolean('permite_venda_fracionada').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('unidades_medida_tenant_sigla_idx').on(t.tenantId, t.sigla), tenantPolicy()],
);

export const marcas = pgTable(
  'marcas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('marcas_tenant_nome_idx').on(t.tenantId, sql`f_busca(${t.nome})`), tenantPolicy()],
);

/** A tree: `categoria_pai_id` null for a top-level category. */
export const categoriasProduto = pgTable(
  'categorias_produto',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    categoriaPaiId: uuid('categoria_pai_id').references((): AnyPgColumn => categoriasProduto.id),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('categorias_produto_tenant_nome_idx').on(t.tenantId, sql`f_busca(${t.nome})`),
    index('categorias_produto_pai_idx').on(t.categoriaPaiId),
    tenantPolicy(),
  ],
);

/** Suppliers: a company (CNPJ) or a person (CPF), with contact and address. */
export const fornecedores = pgTable(
  'fornecedores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    razaoSocial: text('razao_social').notNull(),
    nomeFantasia: text('nome_fantasia'),
    /** Digits only: 11 (CPF) or 14 (CNPJ). */
    cpfCnpj: text('cpf_cnpj'),
    inscricaoEstadual: text('inscricao_estadual'),
    email: text('email'),
    telefone: text('telefone'),
    contato: text('contato'),
    cep: text('cep'),
    logradouro: text('logradouro'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    uf: text('uf'),
    codigoIbge: text('codigo_ibge'),
    observacoes: text('observacoes'),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('fornecedores_tenant_cpf_cnpj_idx').on(t.tenantId, t.cpfCnpj), tenantPolicy()],
);

/**
 * Products and services. Money numeric(14,2) in reais, markup numeric(12,2) percent,
 * quantities numeric(14,3). `produto_granel_id` points to the bulk counterpart (the KG
 * product sold out of an opened bag of this one) and `fator_conversao` says how many of its
 * units one unit of this product holds (SC 15 kg → 15).
 */
export const produtos = pgTable(
  'produtos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    /** 'produto' or 'servico' (TIPOS_PRODUTO of @petshop/shared/produto). */
    tipo: text('tipo').notNull().default('produto'),
    nome: text('nome').notNull(),
    /**
     * f_busca(nome) (lower case, no accents), kept by the database: what name searches and
     * the alphabetical order read, so that neither calls unaccent() row by row.
     */
    nomeBusca: text('nome_busca').generatedAlwaysAs(sql`f_busca(nome)`),
    /** Internal code as typed. */
    codigo: text('codigo'),
    /** upper(codigo), kept by the database: unique per tenant and what the till compares. */
    codigoBusca: text('codigo_busca').generatedAlwaysAs(sql`upper(codigo)`),
    /** GTIN-8/12/13/14, digits only. */
    codigoBarras: text('codigo_barras'),
    marcaId: uuid('marca_id').references(() => marcas.id),
    categoriaId: uuid('categoria_id').references(() => categoriasProduto.id),
    unidadeMedidaId: uuid('unidade_medida_id')
      .notNull()
      .references(() => unidadesMedida.id),
    precoCusto: numeric('preco_custo', { precision: 14, scale: 2 }).notNull().default('0'),
    markup: numeric('markup', { precision: 12, scale: 2 }).notNull().default('0'),
    precoVenda: numeric('preco_venda', { precision: 14, scale: 2 }).notNull().default('0'),
    estoqueMinimo: numeric('estoque_minimo', { precision: 14, scale: 3 }).notNull().default('0'),
    controlaEstoque: boolean('controla_estoque').notNull().default(true),
    controlaLote: boolean('controla_lote').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
    produtoGranelId: uuid('produto_granel_id').references((): AnyPgColumn => produtos.id),
    fatorConversao: numeric('fator_conversao', { precision: 14, scale: 3 }),
    /**
     * A package (pacote, issue #17): sold at the till it gives the customer `pacote_sessoes`
     * sessions of `pacote_tipo_atendimento_id`, valid `pacote_validade_dias` days. All three
     * set or none.
     */
    pacoteSessoes: integer('pacote_sessoes'),
    pacoteValidadeDias: integer('pacote_validade_dias'),
    pacoteTipoAtendimentoId: uuid('pacote_tipo_atendimento_id').references((): AnyPgColumn => tiposAtendimento.id),
    ncm: text('ncm'),
    cest: text('cest'),
    cfop: text('cfop'),
    origem: text('origem').notNull().default('0'),
    csosn: text('csosn'),
    cst: text('cst'),
    pisCst: text('pis_cst'),
    cofinsCst: text('cofins_cst'),
    ...timestamps(),
  },
  (t) => [
    // The till's barcode lookup: one index scan (text equality is leakproof, see above).
    uniqueIndex('produtos_tenant_codigo_barras_idx').on(t.tenantId, t.codigoBarras),
    uniqueIndex('produtos_tenant_codigo_idx').on(t.tenantId, t.codigoBusca),
    // Lists are ordered by nome_busca in the "C" collation: alphabetical ignoring case and
    // accents, the same on every server, and a prefix is a plain range of this index (the
    // till's "name starts with").
    index('produtos_tenant_nome_idx').on(t.tenantId, sql`${t.nomeBusca} collate "C"`),
    // "Name contains" of the till and the list (through f_produtos_nome_contem).
    index('produtos_nome_busca_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    index('produtos_marca_idx').on(t.marcaId),
    index('produtos_categoria_idx').on(t.categoriaId),
    index('produtos_unidade_medida_idx').on(t.unidadeMedidaId),
    index('produtos_granel_idx').on(t.produtoGranelId),
    // Stock below minimum (estoque-repository.ts): only the products that have a minimum, a few
    // of a large catalogue, so the filter and its count do not walk every product.
    index('produtos_estoque_minimo_idx')
      .on(t.tenantId)
      .where(sql`estoque_minimo > 0`),
    tenantPolicy(),
  ],
);
