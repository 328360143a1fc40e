/**
 * Animals: species (espécies), breeds (raças), coats (pelagens), pets and their tutors.
 * Shared by every unit of a tenant. Source: DOMAIN.md §3; issue #3 item 3.
 * Names are unique per tenant (breeds and coats per species) ignoring case and accents.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { arquivos, tenants } from './core.ts';
import { pessoas } from './pessoal.ts';
import { tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { timestamps } from './columns.ts';

export const especies = pgTable(
  'especies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('especies_tenant_nome_idx').on(t.tenantId, sql`f_busca(${t.nome})`), tenantPolicy()],
);

export const racas = pgTable(
  'racas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    especieId: uuid('especie_id')
      .notNull()
      .references(() => especies.id),
    nome: text('nome').notNull(),
    /** Default size of a pet of this breed: a key of PORTES (@petshop/shared/especie). */
    porte: text('porte'),
    /** Other names the breed is found by, comma-separated ('vira-lata' for SRD). */
    sinonimos: text('sinonimos'),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('racas_tenant_especie_nome_idx').on(t.tenantId, t.especieId, sql`f_busca(${t.nome})`),
    index('racas_especie_idx').on(t.especieId),
    tenantPolicy(),
  ],
);

export const pelagens = pgTable(
  'pelagens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    especieId: uuid('especie_id')
      .notNull()
      .references(() => especies.id),
    nome: text('nome').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('pelagens_tenant_especie_nome_idx').on(t.tenantId, t.especieId, sql`f_busca(${t.nome})`),
    index('pelagens_especie_idx').on(t.especieId),
    tenantPolicy(),
  ],
);

export const pets = pgTable(
  'pets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    especieId: uuid('especie_id').references(() => especies.id),
    racaId: uuid('raca_id').references(() => racas.id),
    pelagemId: uuid('pelagem_id').references(() => pelagens.id),
    sexo: text('sexo').$type<'M' | 'F'>(),
    castrado: boolean('castrado').notNull().default(false),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    idadeEstimadaMeses: integer('idade_estimada_meses'),
    /** A key of PORTES. */
    porte: text('porte'),
    /** 15 digits (ISO 11784), unique per tenant. */
    microchip: text('microchip'),
    /** Current weight in kg; the history comes with the clinic. */
    peso: numeric('peso', { precision: 8, scale: 3 }),
    agressivo: boolean('agressivo').notNull().default(false),
    usaFocinheira: boolean('usa_focinheira').notNull().default(false),
    alergias: text('alergias'),
    observacoes: text('observacoes'),
    fotoArquivoId: uuid('foto_arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    dataObito: date('data_obito', { mode: 'string' }),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('pets_tenant_microchip_idx')
      .on(t.tenantId, t.microchip)
      .where(sql`microchip is not null`),
    index('pets_tenant_nome_idx').on(t.tenantId, sql`f_busca(${t.nome})`),
    index('pets_nome_busca_idx').using('gin', sql`f_busca(${t.nome}) gin_trgm_ops`),
    index('pets_especie_idx').on(t.especieId),
    index('pets_raca_idx').on(t.racaId),
    index('pets_pelagem_idx').on(t.pelagemId),
    // Birthdays today (GET /api/indicadores): the query's exact expression, month × 100 + day.
    index('pets_tenant_aniversario_idx')
      .on(t.tenantId, sql`(extract(month from ${t.dataNascimento}) * 100 + extract(day from ${t.dataNascimento}))`)
      .where(sql`data_nascimento is not null`),
    tenantPolicy(),
  ],
);

/** Pet ↔ tutor (pessoa). Exactly one principal tutor per pet. A person with pets cannot be deleted. */
export const petTutores = pgTable(
  'pet_tutores',
  {
    tenantId: tenantIdColumn().references(() => tenants.id),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    pessoaId: uuid('pessoa_id')
      .notNull()
      .references(() => pessoas.id),
    principal: boolean('principal').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.petId, t.pessoaId] }),
    index('pet_tutores_pessoa_idx').on(t.pessoaId),
    uniqueIndex('pet_tutores_principal_idx')
      .on(t.petId)
      .where(sql`principal`),
    tenantPolicy(),
  ],
);
