/**
 * The agenda (issue #17; DOMAIN.md §10): appointment types (tenant), rooms and boxes (unit),
 * the unit's agenda settings, appointments with their services and history, owner
 * notifications waiting for the WhatsApp module, and prepaid packages (DOMAIN.md §3).
 * Instants are timestamptz; the API reads and writes them in the unit's time zone.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, unidadesNegocio, usuarios } from './core.ts';
import { pets } from './animal.ts';
import { produtos } from './inventario.ts';
import { pessoas } from './pessoal.ts';
import { vendaItens, vendas } from './comercial.ts';
import { tenantIdColumn, tenantPolicy, unidadeNegocioIdColumn, unitPolicy } from './tenancy.ts';
import { money, timestamps } from './columns.ts';

/** Appointment types, shared by the tenant's units. area 'BanhoTosa' | 'Clinica'; recurso 'Nenhum' | 'Sala' | 'Box'. */
export const tiposAtendimento = pgTable(
  'tipos_atendimento',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    nome: text('nome').notNull(),
    area: text('area').notNull(),
    /** Default duration in minutes. */
    duracaoMinutos: integer('duracao_minutos').notNull(),
    /** '#RRGGBB'. */
    cor: text('cor').notNull(),
    /** The service product that prices it. */
    produtoId: uuid('produto_id').references(() => produtos.id),
    recurso: text('recurso').notNull().default('Nenhum'),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tipos_atendimento_tenant_nome_idx').on(t.tenantId, sql`f_busca(${t.nome})`), tenantPolicy()],
);

/** Clinic rooms of a unit. */
export const salas = pgTable(
  'salas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    nome: text('nome').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('salas_unidade_nome_idx').on(t.unidadeNegocioId, sql`f_busca(${t.nome})`), unitPolicy()],
);

/** Grooming boxes (stations) of a unit. */
export const boxes = pgTable(
  'boxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    nome: text('nome').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('boxes_unidade_nome_idx').on(t.unidadeNegocioId, sql`f_busca(${t.nome})`), unitPolicy()],
);

/** The unit's agenda settings (one row per unit; absent: the defaults of agenda/defaults). */
export const agendaConfiguracoes = pgTable(
  'agenda_configuracoes',
  {
    unidadeNegocioId: unidadeNegocioIdColumn()
      .primaryKey()
      .references(() => unidadesNegocio.id),
    tenantId: tenantIdColumn().references(() => tenants.id),
    /** HorarioDia[] of @petshop/shared/agenda, domingo (0) to sábado (6). */
    horarios: jsonb('horarios').notNull(),
    intervaloMinutos: integer('intervalo_minutos').notNull().default(30),
    petsPorProfissional: integer('pets_por_profissional').notNull().default(1),
    petsPorBox: integer('pets_por_box').notNull().default(1),
    ...timestamps(),
  },
  () => [unitPolicy()],
);

/**
 * Packages (pacotes): sessions of an appointment type sold at the till to a customer (for a
 * pet, or any of theirs when pet_id is null). sessoes_usadas only moves through one UPDATE
 * guarded by `sessoes_usadas < sessoes_total`, so two bookings cannot take the last session.
 */
export const pacotes = pgTable(
  'pacotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => pessoas.id),
    petId: uuid('pet_id').references(() => pets.id),
    /** The package product sold. */
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id),
    tipoAtendimentoId: uuid('tipo_atendimento_id')
      .notNull()
      .references(() => tiposAtendimento.id),
    nome: text('nome').notNull(),
    vendaId: uuid('venda_id').references(() => vendas.id),
    vendaItemId: uuid('venda_item_id').references(() => vendaItens.id, { onDelete: 'set null' }),
    sessoesTotal: integer('sessoes_total').notNull(),
    sessoesUsadas: integer('sessoes_usadas').notNull().default(0),
    /** Last day it can be used (unit's calendar). */
    validoAte: date('valido_ate', { mode: 'string' }).notNull(),
    cancelado: boolean('cancelado').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('pacotes_cliente_idx').on(t.clienteId),
    index('pacotes_pet_idx').on(t.petId),
    index('pacotes_venda_idx').on(t.vendaId),
    unitPolicy(),
  ],
);

/**
 * Appointments. status / prioridade / atividade: the keys of @petshop/shared/agenda;
 * atividade_desde: when the current activity started. venda_id: the point-of-sale record
 * charging it (created at check-in, em atendimento). pacote_id: the package whose session it
 * took (given back when it is cancelled). recorrencia_id: the first appointment of its series.
 */
export const atendimentos = pgTable(
  'atendimentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => pessoas.id),
    tipoAtendimentoId: uuid('tipo_atendimento_id')
      .notNull()
      .references(() => tiposAtendimento.id),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    fim: timestamp('fim', { withTimezone: true }).notNull(),
    responsavelId: uuid('responsavel_id').references(() => usuarios.id),
    salaId: uuid('sala_id').references(() => salas.id),
    boxId: uuid('box_id').references(() => boxes.id),
    observacoes: text('observacoes'),
    naoFazer: text('nao_fazer'),
    status: text('status').notNull().default('Agendado'),
    prioridade: text('prioridade').notNull().default('Normal'),
    atividade: text('atividade').notNull().default('Aguardando'),
    atividadeDesde: timestamp('atividade_desde', { withTimezone: true }).notNull().defaultNow(),
    /** Leva e traz: { endereco, horaBusca, horaEntrega, valor } or null. */
    levaETraz: jsonb('leva_e_traz'),
    recorrenciaId: uuid('recorrencia_id'),
    vendaId: uuid('venda_id').references(() => vendas.id, { onDelete: 'set null' }),
    pacoteId: uuid('pacote_id').references(() => pacotes.id),
    motivoCancelamento: text('motivo_cancelamento'),
    /**
     * The owner's answer to the WhatsApp confirmation (issue #21 item 5): 'Confirmou' (the
     * appointment went Confirmado) or 'NaoPodeComparecer' (flagged for the reception to call);
     * null without an answer. `respostaConfirmacaoEm`: when it arrived.
     */
    respostaConfirmacao: text('resposta_confirmacao'),
    respostaConfirmacaoEm: timestamp('resposta_confirmacao_em', { withTimezone: true }),
    criadoPorId: uuid('criado_por_id').references(() => usuarios.id),
    ...timestamps(),
  },
  (t) => [
    index('atendimentos_unidade_inicio_idx').on(t.unidadeNegocioId, t.inicio),
    index('atendimentos_box_inicio_idx').on(t.boxId, t.inicio),
    index('atendimentos_sala_inicio_idx').on(t.salaId, t.inicio),
    index('atendimentos_responsavel_inicio_idx').on(t.responsavelId, t.inicio),
    index('atendimentos_pet_idx').on(t.petId),
    index('atendimentos_cliente_idx').on(t.clienteId),
    index('atendimentos_venda_idx').on(t.vendaId),
    index('atendimentos_pacote_idx').on(t.pacoteId),
    index('atendimentos_recorrencia_idx').on(t.recorrenciaId),
    unitPolicy(),
  ],
);

/** Services of an appointment (what the sale charges). valor: reais; 0 when a package covers it. */
export const atendimentoServicos = pgTable(
  'atendimento_servicos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    atendimentoId: uuid('atendimento_id')
      .notNull()
      .references(() => atendimentos.id, { onDelete: 'cascade' }),
    ordem: integer('ordem').notNull(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produtos.id),
    descricao: text('descricao').notNull(),
    valor: money('valor').notNull(),
  },
  (t) => [index('atendimento_servicos_atendimento_idx').on(t.atendimentoId, t.ordem), unitPolicy()],
);

/** Every change of status, activity and priority: who and when (campo 'status' | 'atividade' | 'prioridade'). */
export const atendimentoHistorico = pgTable(
  'atendimento_historico',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn().references(() => tenants.id),
    unidadeNegocioId: unidadeNegocioIdColumn().references(() => unidadesNegocio.id),
    atendimentoId: uuid('atendimento_id')
      .notNull()
      .references(() => atendimentos.id, { onDelete: 'cascade' }),
    campo: text('campo').notNull(),
    de: text('de'),
    para: text('para').notNull(),
    usuarioId: uuid('usuario_id').references(() => usuarios.id),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('atendimento_historico_atendimento_idx').on(t.atendimentoId, t.em), unitPolicy()],
);

/**
 * The agenda's version per unit: bumped by database triggers (migration 0019) on every write
 * of the unit's appointments and their services, and when a sale linked to an appointment
 * changes status or amount paid. The calendar feed and the board cache their answers per
 * version in each API instance and answer 304 to an unchanged ETag, so two instances stay right
 * without talking to each other (the invalidation lives in PostgreSQL).
 */
export const agendaVersoes = pgTable(
  'agenda_versoes',
  {
    unidadeNegocioId: unidadeNegocioIdColumn()
      .primaryKey()
      .references(() => unidadesNegocio.id),
    tenantId: tenantIdColumn().references(() => tenants.id),
    versao: bigint('versao', { mode: 'number' }).notNull().default(1),
  },
  () => [unitPolicy()],
);
