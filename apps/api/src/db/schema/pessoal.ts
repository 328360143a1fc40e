/**
 * Customers (pessoas): owners/tutors of pets, shared by every unit of a tenant.
 * Source: DOMAIN.md §3; issue #3 item 1. Phones are kept as a JSON list on the row (a
 * person has a handful, always read and written together); searched as text.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { arquivos, tenants } from './core.ts';
import { currentUnidadeNegocioId, tenantIdColumn, tenantPolicy } from './tenancy.ts';

export type TelefoneRow = { numero: string; tipo: 'celular' | 'fixo' | 'comercial'; whatsapp: boolean };

export const pessoas = pgTable(
  'pessoas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    /**
     * `f_busca(nome)` (lower case, no accents), stored: the list's order and the name search
     * compare it without computing it for every row (a common surname matches thousands).
     */
    nomeBusca: text('nome_busca').generatedAlwaysAs(sql`f_busca(nome)`),
    /** CPF (11) or CNPJ (14 digits), digits only. */
    cpfCnpj: text('cpf_cnpj'),
    rg: text('rg'),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    sexo: text('sexo').$type<'F' | 'M'>(),
    email: text('email'),
    telefones: jsonb('telefones').$type<TelefoneRow[]>().notNull().default([]),
    cep: text('cep'),
    logradouro: text('logradouro'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    uf: text('uf'),
    codigoIbge: text('codigo_ibge'),
    observacoes: text('observacoes'),
    comoConheceu: text('como_conheceu'),
    /** LGPD: marketing consent and when it was given (null once withdrawn). */
    consentimentoMarketing: boolean('consentimento_marketing').notNull().default(false),
    consentimentoMarketingEm: timestamp('consentimento_marketing_em', { withTimezone: true }),
    /**
     * The unit the customer was registered in (the scope's unit when the row was written; null
     * when written without one, e.g. before issue #21). Customers are the tenant's; this only
     * says which unit greets them on their birthday (modules/whatsapp/aniversarios.ts), so a
     * tenant with two units does not greet anyone twice.
     */
    unidadeCadastroId: uuid('unidade_cadastro_id').default(currentUnidadeNegocioId),
    fotoArquivoId: uuid('foto_arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('pessoas_tenant_cpf_cnpj_idx')
      .on(t.tenantId, t.cpfCnpj)
      .where(sql`cpf_cnpj is not null`),
    index('pessoas_tenant_nome_idx').on(t.tenantId, t.nomeBusca),
    // The customer search's page in name order (f_pessoas_busca_pagina, migration
    // pessoas_busca_pagina): names starting with the text are a range of it, names with a word
    // starting with it a walk of it in order that stops after the page (index-only).
    index('pessoas_tenant_nome_c_idx').on(t.tenantId, sql`${t.nomeBusca} collate "C"`, t.id),
    // Customers registered in a period (report novos-clientes): a range of this index, not a
    // pass over every customer of the tenant.
    index('pessoas_tenant_created_idx').on(t.tenantId, t.createdAt),
    // Birthdays today (GET /api/indicadores): the query's exact expression, month × 100 + day.
    index('pessoas_tenant_aniversario_idx')
      .on(t.tenantId, sql`(extract(month from ${t.dataNascimento}) * 100 + extract(day from ${t.dataNascimento}))`)
      .where(sql`data_nascimento is not null`),
    // "Contains" search (db/search.ts) on name, e-mail, CPF/CNPJ digits and phone digits.
    index('pessoas_nome_busca_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    index('pessoas_email_busca_idx').using('gin', sql`f_busca(${t.email}) gin_trgm_ops`),
    index('pessoas_cpf_cnpj_busca_idx').using('gin', sql`${t.cpfCnpj} gin_trgm_ops`),
    index('pessoas_telefones_busca_idx').using('gin', sql`(${t.telefones}::text) gin_trgm_ops`),
    tenantPolicy(),
  ],
);
