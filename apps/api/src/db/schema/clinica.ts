/**
 * The clinic (issue #19; DOMAIN.md §9): vaccines and their protocols, the doses planned for a
 * pet (*planejamentos*), the doses applied, the pet's clinical records (*registros*: consultation,
 * return, exam, procedure, hospitalisation, weight, note, documents and prescriptions issued) with
 * their attachments, and the document/prescription templates.
 *
 * Vaccines, protocols and templates are shared by the tenant's units (DOMAIN.md §2). A pet is the
 * tenant's, so its chart is too: every unit of the tenant reads the whole chart, and each planned
 * dose, applied dose and record carries the unit that wrote it (`unidade_negocio_id`, the scope's
 * unit by default). Only that unit changes or deletes it (checked by the use cases); lists "per
 * unit" (doses due) filter on it. The RLS policy is the tenant's.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { arquivos, tenants, unidadesNegocio, usuarios } from './core.ts';
import { pets } from './animal.ts';
import { produtos } from './inventario.ts';
import { lotes } from './estoque.ts';
import { vendas } from './comercial.ts';
import { tenantIdColumn, tenantPolicy, unidadeNegocioIdColumn } from './tenancy.ts';
import { timestamps } from './columns.ts';

/** A vaccine: name, manufacturer, the species it is for (empty: any), the product that holds its stock and price. */
export const vacinas = pgTable(
  'vacinas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    fabricante: text('fabricante'),
    /** Species ids it is indicated for; empty = every species. */
    especieIds: uuid('especie_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    produtoId: uuid('produto_id').references(() => produtos.id),
    observacoes: text('observacoes'),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('vacinas_tenant_nome_idx').on(t.tenantId, sql`f_busca(${t.nome})`), tenantPolicy()],
);

/**
 * A protocol: an ordered list of doses of one vaccine. `doses` is
 * `[{ descricao: '1ª dose', intervaloDias: 0 }, { descricao: '2ª dose', intervaloDias: 21 }, …]`,
 * each interval counted from the previous dose (the first from the start date, normally 0);
 * `reforco_dias` the booster's interval after the last dose (365 = yearly; null = none).
 */
export const protocolosVacina = pgTable(
  'protocolos_vacina',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    vacinaId: uuid('vacina_id')
      .notNull()
      .references(() => vacinas.id),
    especieId: uuid('especie_id'),
    doses: jsonb('doses').$type<{ descricao: string; intervaloDias: number }[]>().notNull(),
    reforcoDias: integer('reforco_dias'),
    observacoes: text('observacoes'),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('protocolos_vacina_vacina_idx').on(t.vacinaId), tenantPolicy()],
);

/**
 * One planned dose of a pet. status: 'pendente' | 'aplicada' (stored); 'atrasada' is derived
 * (pendente with `data_prevista` before today in the unit's time zone). `aplicacao_protocolo_id`
 * groups the doses one *aplicar protocolo* created (removing the application removes its pending
 * doses). A booster planned by *registrar vacina* has no application.
 */
export const planejamentosVacina = pgTable(
  'planejamentos_vacina',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    vacinaId: uuid('vacina_id')
      .notNull()
      .references(() => vacinas.id),
    protocoloId: uuid('protocolo_id').references(() => protocolosVacina.id),
    aplicacaoProtocoloId: uuid('aplicacao_protocolo_id'),
    /** 1-based position in the protocol; null for a booster or a dose planned alone. */
    ordem: integer('ordem'),
    descricao: text('descricao').notNull(),
    dataPrevista: date('data_prevista', { mode: 'string' }).notNull(),
    status: text('status').$type<'pendente' | 'aplicada'>().notNull().default('pendente'),
    /** The applied dose that completed it. */
    vacinaAplicadaId: uuid('vacina_aplicada_id'),
    ...timestamps(),
  },
  (t) => [
    index('planejamentos_vacina_pet_idx').on(t.petId, t.dataPrevista),
    index('planejamentos_vacina_unidade_idx').on(t.unidadeNegocioId, t.status, t.dataPrevista),
    index('planejamentos_vacina_aplicacao_idx').on(t.aplicacaoProtocoloId),
    tenantPolicy(),
  ],
);

/**
 * A dose applied (*registrar vacina*): date, vaccine, lot (text as printed on the vial, and the
 * stock lot when the product controls lots), its expiry, manufacturer, the veterinarian (user and
 * the name/CRMV as they were), the next dose planned, the sale em atendimento that charges it.
 */
export const vacinasAplicadas = pgTable(
  'vacinas_aplicadas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    vacinaId: uuid('vacina_id')
      .notNull()
      .references(() => vacinas.id),
    planejamentoId: uuid('planejamento_id'),
    dataAplicacao: date('data_aplicacao', { mode: 'string' }).notNull(),
    lote: text('lote'),
    loteId: uuid('lote_id').references(() => lotes.id),
    validadeLote: date('validade_lote', { mode: 'string' }),
    fabricante: text('fabricante'),
    veterinarioId: uuid('veterinario_id').references(() => usuarios.id),
    veterinarioNome: text('veterinario_nome'),
    veterinarioCrmv: text('veterinario_crmv'),
    /** The booster / next dose planned with it (planejamentos_vacina). */
    proximaDoseId: uuid('proxima_dose_id'),
    vendaId: uuid('venda_id').references(() => vendas.id, { onDelete: 'set null' }),
    observacoes: text('observacoes'),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    ...timestamps(),
  },
  (t) => [index('vacinas_aplicadas_pet_idx').on(t.petId, t.dataAplicacao), tenantPolicy()],
);

/**
 * A clinical record of a pet. tipo: a key of TIPOS_REGISTRO (@petshop/shared/clinica).
 * `dados` holds the kind's fields (consulta: anamnese, exameFisico, diagnostico, conduta; internação:
 * evolucao; receita: medicamentos; …); `peso` (kg) is lifted out of them for the weight series;
 * `conteudo_html` is the filled template of a document or prescription.
 */
export const registrosClinicos = pgTable(
  'registros_clinicos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    /** When it happened (the consultation's time), UTC. */
    data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
    titulo: text('titulo'),
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull().default({}),
    /** kg, from the physical exam or a weight record. */
    peso: numeric('peso', { precision: 8, scale: 3 }),
    conteudoHtml: text('conteudo_html'),
    modeloDocumentoId: uuid('modelo_documento_id'),
    controleEspecial: boolean('controle_especial').notNull().default(false),
    veterinarioId: uuid('veterinario_id').references(() => usuarios.id),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    ...timestamps(),
  },
  (t) => [
    index('registros_clinicos_pet_idx').on(t.petId, t.data),
    index('registros_clinicos_peso_idx')
      .on(t.petId, t.data)
      .where(sql`peso is not null`),
    tenantPolicy(),
  ],
);

/** Files attached to a record (exam PDFs, images), stored in `arquivos`. */
export const registroAnexos = pgTable(
  'registro_anexos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    registroId: uuid('registro_id')
      .notNull()
      .references(() => registrosClinicos.id, { onDelete: 'cascade' }),
    arquivoId: uuid('arquivo_id')
      .notNull()
      .references(() => arquivos.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    mimeType: text('mime_type').notNull(),
    tamanho: integer('tamanho').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registro_anexos_registro_idx').on(t.registroId), tenantPolicy()],
);

/**
 * A document or prescription template. tipo: 'receita' | 'documento'. `conteudo` is the rich text
 * (HTML from the tiptap editor) with Handlebars variables (`{{pet.nome}}`); `controle_especial`
 * (receita only) prints two copies with the buyer/seller block.
 */
export const modelosDocumento = pgTable(
  'modelos_documento',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    tipo: text('tipo').$type<'receita' | 'documento'>().notNull(),
    nome: text('nome').notNull(),
    conteudo: text('conteudo').notNull(),
    controleEspecial: boolean('controle_especial').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('modelos_documento_tenant_tipo_idx').on(t.tenantId, t.tipo), tenantPolicy()],
);
