/**
 * The agenda (issue #17; DOMAIN.md §10, §3 packages; spec §2 /atendimentos/, /banho-tosa/,
 * /configuracoes/atendimento/*, §4 appointment updates, §7 "Agenda").
 *
 * - Tipos de atendimento (tenant-wide): area, default duration (minutes), colour, the service
 *   product that prices it, and whether it needs a room (sala) or a box.
 * - Salas and boxes (per unit).
 * - Configurações (per unit): opening hours per weekday, slot size (minutes), capacities.
 * - Atendimentos (per unit): pet, owner, type, start/end in the unit's local time
 *   ('yyyy-MM-ddTHH:mm'), responsible user, room or box, services, notes, leva e traz,
 *   repetition; status / prioridade / atividade updated by their own calls, every change kept.
 * - Pacotes (per unit): prepaid sessions of a type sold at the till, consumed by appointments.
 */
import { z } from 'zod';
import { listQuerySchema, pageOf } from './http.ts';
import { parseDateInput } from './format.ts';
import { dateInput, listParam, moneyInput, optional, optionalText, optionalUuid, requiredText } from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations (DOMAIN.md §10)
// ---------------------------------------------------------------------------------------------

/** Area of an appointment type. */
export const AREAS_ATENDIMENTO = { BanhoTosa: 'Banho e tosa', Clinica: 'Clínica' } as const;
export type AreaAtendimento = keyof typeof AREAS_ATENDIMENTO;
export const AREA_IDS = Object.keys(AREAS_ATENDIMENTO) as [AreaAtendimento, ...AreaAtendimento[]];

/** What resource a type needs: none, a clinic room or a grooming box. */
export const RECURSOS_ATENDIMENTO = { Nenhum: 'Nenhum', Sala: 'Sala', Box: 'Box' } as const;
export type RecursoAtendimento = keyof typeof RECURSOS_ATENDIMENTO;
const RECURSO_IDS = Object.keys(RECURSOS_ATENDIMENTO) as [RecursoAtendimento, ...RecursoAtendimento[]];

export const STATUS_ATENDIMENTO = {
  Agendado: 'Agendado',
  Confirmado: 'Confirmado',
  EmAtendimento: 'Em atendimento',
  Pronto: 'Pronto',
  Finalizado: 'Finalizado',
  Cancelado: 'Cancelado',
  NaoCompareceu: 'Não compareceu',
} as const;
export type StatusAtendimento = keyof typeof STATUS_ATENDIMENTO;
export const STATUS_ATENDIMENTO_IDS = Object.keys(STATUS_ATENDIMENTO) as [StatusAtendimento, ...StatusAtendimento[]];

/**
 * Allowed status transitions (DOMAIN.md §10: Agendado → Confirmado → EmAtendimento → Pronto →
 * Finalizado, or Cancelado / NaoCompareceu). A step may be skipped forward (a walk-in goes
 * straight from Agendado to EmAtendimento); Pronto may go back to EmAtendimento (forgot the
 * bow); Cancelado and NaoCompareceu may be reopened as Agendado; Finalizado is final.
 */
export const TRANSICOES_STATUS: Record<StatusAtendimento, readonly StatusAtendimento[]> = {
  Agendado: ['Confirmado', 'EmAtendimento', 'Pronto', 'Finalizado', 'Cancelado', 'NaoCompareceu'],
  Confirmado: ['Agendado', 'EmAtendimento', 'Pronto', 'Finalizado', 'Cancelado', 'NaoCompareceu'],
  EmAtendimento: ['Pronto', 'Finalizado', 'Cancelado'],
  Pronto: ['EmAtendimento', 'Finalizado'],
  Finalizado: [],
  Cancelado: ['Agendado'],
  NaoCompareceu: ['Agendado'],
};

/** Statuses that no longer hold a slot, a box or a package session. */
export const STATUS_LIBERAM_HORARIO: readonly StatusAtendimento[] = ['Cancelado', 'NaoCompareceu'];

export const PRIORIDADES = { Baixa: 'Baixa', Normal: 'Normal', Alta: 'Alta', Urgente: 'Urgente' } as const;
export type Prioridade = keyof typeof PRIORIDADES;
const PRIORIDADE_IDS = Object.keys(PRIORIDADES) as [Prioridade, ...Prioridade[]];

/** The grooming board's columns, in order. */
export const ATIVIDADES = {
  Aguardando: 'Aguardando',
  Banho: 'Banho',
  Secagem: 'Secagem',
  Tosa: 'Tosa',
  Finalizado: 'Finalizado',
} as const;
export type Atividade = keyof typeof ATIVIDADES;
export const ATIVIDADE_IDS = Object.keys(ATIVIDADES) as [Atividade, ...Atividade[]];

/**
 * Financial status of an appointment's charge (spec §4): EmAberto (nothing paid), BaixaParcial
 * (part paid), Baixada (settled: the sale finalised, or nothing to charge because a package
 * covers it).
 */
export const STATUS_FINANCEIRO = { EmAberto: 'Em aberto', BaixaParcial: 'Baixa parcial', Baixada: 'Baixada' } as const;
export type StatusFinanceiro = keyof typeof STATUS_FINANCEIRO;
const STATUS_FINANCEIRO_IDS = Object.keys(STATUS_FINANCEIRO) as [StatusFinanceiro, ...StatusFinanceiro[]];

const uuidOf = (message: string) => z.uuid({ error: message });
/**
 * A required 'yyyy-MM-dd' (dd/MM/yyyy accepted): `missing` when absent or empty, "<label>
 * inválida" otherwise. (`dateInput(...).refine(v => v !== undefined)` does not do it: zod skips
 * an optional schema's checks when the key is absent.)
 */
const requiredDateInput = (label: string, missing: string) =>
  z.preprocess(
    (v) => {
      const value = typeof v === 'string' && v.trim() === '' ? undefined : v;
      return typeof value === 'string' ? (parseDateInput(value) ?? value) : value;
    },
    z.iso.date({ error: (issue) => (issue.input === undefined ? missing : `${label} inválida`) }),
  );
const ativoFilter = optional(z.enum(['true', 'false'], { error: 'Filtro inválido' }));

/** 'HH:mm' (spec §5: zero-padded). */
export const horaSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Hora inválida (HH:mm)' });
/** Local date-time of the unit, 'yyyy-MM-ddTHH:mm' (seconds accepted and dropped). */
export const dataHoraSchema = z
  .string({ error: 'Data e hora obrigatórias' })
  .regex(/^\d{4}-\d{2}-\d{2}[T ]([01]\d|2[0-3]):[0-5]\d(:\d{2})?$/, { error: 'Data e hora inválidas' })
  .transform((v) => v.slice(0, 16).replace(' ', 'T'));

const corSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Cor inválida (#RRGGBB)' });

// ---------------------------------------------------------------------------------------------
// Tipos de atendimento (tenant) — /api/agenda/tipos-atendimento
// ---------------------------------------------------------------------------------------------

export const tipoAtendimentoInputSchema = z.object({
  nome: requiredText('Nome', 60),
  area: z.enum(AREA_IDS, { error: 'Área inválida (banho e tosa ou clínica)' }),
  /** Default duration in minutes (5..720). */
  duracaoMinutos: z
    .number({ error: 'Duração deve ser um número de minutos' })
    .int({ error: 'Duração deve ser um número inteiro de minutos' })
    .min(5, { error: 'Duração mínima de 5 minutos' })
    .max(720, { error: 'Duração máxima de 12 horas' }),
  cor: corSchema.default('#228be6'),
  /** The service product that prices it (tipo servico); absent: nothing charged. */
  produtoId: optionalUuid('Serviço inválido'),
  recurso: z.enum(RECURSO_IDS, { error: 'Recurso inválido' }).default('Nenhum'),
  ativo: z.boolean().default(true),
});
export type TipoAtendimentoInput = z.input<typeof tipoAtendimentoInputSchema>;

export const tipoAtendimentoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  area: z.enum(AREA_IDS),
  duracaoMinutos: z.number().int(),
  cor: z.string(),
  produtoId: z.string().nullable(),
  produtoNome: z.string().nullable(),
  /** The service product's price in reais (null without a product). */
  preco: z.number().nullable(),
  recurso: z.enum(RECURSO_IDS),
  ativo: z.boolean(),
});
export type TipoAtendimento = z.infer<typeof tipoAtendimentoSchema>;

export const listTiposAtendimentoQuerySchema = listQuerySchema.extend({
  area: optional(z.enum(AREA_IDS, { error: 'Área inválida' })),
  ativo: ativoFilter,
});
export type ListTiposAtendimentoQuery = z.infer<typeof listTiposAtendimentoQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Salas and boxes (unit) — /api/agenda/salas, /api/agenda/boxes
// ---------------------------------------------------------------------------------------------

/** A room or a box: name (unique in the unit), active. */
export const recursoInputSchema = z.object({
  nome: requiredText('Nome', 60),
  ativo: z.boolean().default(true),
});
export type RecursoInput = z.input<typeof recursoInputSchema>;

export const recursoSchema = z.object({ id: z.string(), nome: z.string(), ativo: z.boolean() });
export type Sala = z.infer<typeof recursoSchema>;
export type Box = z.infer<typeof recursoSchema>;

export const listRecursosQuerySchema = listQuerySchema.extend({ ativo: ativoFilter });
export type ListRecursosQuery = z.infer<typeof listRecursosQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Configurações (unit) — GET/PUT /api/agenda/configuracoes
// ---------------------------------------------------------------------------------------------

/** Opening hours of one weekday (0 = domingo … 6 = sábado). */
export const horarioDiaSchema = z
  .object({
    diaSemana: z.number().int().min(0).max(6),
    aberto: z.boolean(),
    abre: horaSchema,
    fecha: horaSchema,
  })
  .refine((h) => !h.aberto || h.abre < h.fecha, { error: 'O fechamento deve ser depois da abertura', path: ['fecha'] });
export type HorarioDia = z.infer<typeof horarioDiaSchema>;

export const agendaConfiguracoesSchema = z.object({
  /** Seven entries, domingo (0) to sábado (6). */
  horarios: z
    .array(horarioDiaSchema)
    .length(7, { error: 'Informe os sete dias da semana' })
    .refine((hs) => hs.every((h, i) => h.diaSemana === i), { error: 'Dias da semana fora de ordem' }),
  /** Slot size of the calendar in minutes. */
  intervaloMinutos: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(20), z.literal(30), z.literal(60)], {
    error: 'Intervalo deve ser 5, 10, 15, 20, 30 ou 60 minutos',
  }),
  /** How many pets a groomer (responsible user) takes at once (1..10). */
  petsPorProfissional: z
    .number({ error: 'Informe um número' })
    .int({ error: 'Informe um número inteiro' })
    .min(1, { error: 'Mínimo 1' })
    .max(10, { error: 'Máximo 10' }),
  /** How many pets a box holds at once (1..10); rooms hold one appointment at a time. */
  petsPorBox: z
    .number({ error: 'Informe um número' })
    .int({ error: 'Informe um número inteiro' })
    .min(1, { error: 'Mínimo 1' })
    .max(10, { error: 'Máximo 10' }),
});
export type AgendaConfiguracoes = z.infer<typeof agendaConfiguracoesSchema>;

// ---------------------------------------------------------------------------------------------
// Atendimentos (unit) — /api/agenda/atendimentos
// ---------------------------------------------------------------------------------------------

/** A service of an appointment: a service product, priced from the catalogue when absent. */
export const servicoAtendimentoInputSchema = z.object({
  produtoId: uuidOf('Serviço inválido'),
  /** Price in reais; absent: the product's sale price. */
  valor: moneyInput('Valor'),
});

/** The owner's WhatsApp answer to an appointment's confirmation (issue #21 item 5). */
export const RESPOSTA_CONFIRMACAO = {
  Confirmou: 'Confirmado pelo WhatsApp',
  NaoPodeComparecer: 'Cliente não pode comparecer',
} as const;
export type RespostaConfirmacao = keyof typeof RESPOSTA_CONFIRMACAO;
export const RESPOSTA_CONFIRMACAO_IDS = Object.keys(RESPOSTA_CONFIRMACAO) as [RespostaConfirmacao, ...RespostaConfirmacao[]];

/** Leva e traz: pick the pet up and deliver it back. */
export const levaETrazSchema = z.object({
  endereco: requiredText('Endereço', 300),
  /** 'HH:mm' on the appointment's day. */
  horaBusca: optional(horaSchema),
  horaEntrega: optional(horaSchema),
  valor: moneyInput('Taxa de leva e traz'),
});

export const repeticaoSchema = z.object({
  /** Every N weeks (1..12). */
  intervaloSemanas: z
    .number({ error: 'Informe de quantas em quantas semanas' })
    .int()
    .min(1, { error: 'Mínimo 1 semana' })
    .max(12, { error: 'Máximo 12 semanas' }),
  /** Last day of the series, 'yyyy-MM-dd' (at most a year ahead). */
  ate: requiredDateInput('Data final da repetição', 'Informe até quando repetir'),
});

export const atendimentoInputSchema = z.object({
  petId: uuidOf('Pet é obrigatório'),
  /** The owner; absent: the pet's first tutor. */
  clienteId: optionalUuid('Tutor inválido'),
  tipoAtendimentoId: uuidOf('Tipo de atendimento é obrigatório'),
  inicio: dataHoraSchema,
  /** Absent: inicio + the type's duration. */
  fim: optional(dataHoraSchema),
  responsavelId: optionalUuid('Profissional inválido'),
  salaId: optionalUuid('Sala inválida'),
  boxId: optionalUuid('Box inválido'),
  /** Absent: the type's service product, if any. */
  servicos: z.array(servicoAtendimentoInputSchema).max(20).optional(),
  observacoes: optionalText('Observações', 2000),
  /** What the groomer must not do ("não cortar as unhas"). */
  naoFazer: optionalText('Não fazer', 500),
  prioridade: z.enum(PRIORIDADE_IDS, { error: 'Prioridade inválida' }).default('Normal'),
  levaETraz: levaETrazSchema.nullish(),
  /** Create only: repeat every N weeks until a date. */
  repeticao: repeticaoSchema.nullish(),
  /** false: do not consume a package session even if one covers the type. */
  usarPacote: z.boolean().default(true),
});
export type AtendimentoInput = z.input<typeof atendimentoInputSchema>;

export const servicoAtendimentoSchema = z.object({
  produtoId: z.string(),
  descricao: z.string(),
  valor: z.number(),
});

export const historicoAtendimentoSchema = z.object({
  campo: z.enum(['status', 'atividade', 'prioridade']),
  de: z.string().nullable(),
  para: z.string(),
  usuarioNome: z.string().nullable(),
  /** ISO instant. */
  em: z.string(),
});

export const atendimentoSchema = z.object({
  id: z.string(),
  petId: z.string(),
  petNome: z.string(),
  petFotoUrl: z.string().nullable(),
  racaNome: z.string().nullable(),
  especieNome: z.string().nullable(),
  porte: z.string().nullable(),
  /** Alerts of the pet, for the card. */
  agressivo: z.boolean(),
  usaFocinheira: z.boolean(),
  alergias: z.string().nullable(),
  clienteId: z.string(),
  clienteNome: z.string(),
  clienteTelefone: z.string().nullable(),
  tipoAtendimentoId: z.string(),
  tipoNome: z.string(),
  area: z.enum(AREA_IDS),
  cor: z.string(),
  /** Local 'yyyy-MM-ddTHH:mm'. */
  inicio: z.string(),
  fim: z.string(),
  responsavelId: z.string().nullable(),
  responsavelNome: z.string().nullable(),
  salaId: z.string().nullable(),
  salaNome: z.string().nullable(),
  boxId: z.string().nullable(),
  boxNome: z.string().nullable(),
  servicos: z.array(servicoAtendimentoSchema),
  observacoes: z.string().nullable(),
  naoFazer: z.string().nullable(),
  status: z.enum(STATUS_ATENDIMENTO_IDS),
  prioridade: z.enum(PRIORIDADE_IDS),
  atividade: z.enum(ATIVIDADE_IDS),
  /** ISO instant the current activity started (time in stage). */
  atividadeDesde: z.string(),
  levaETraz: z
    .object({ endereco: z.string(), horaBusca: z.string().nullable(), horaEntrega: z.string().nullable(), valor: z.number() })
    .nullable(),
  /** The series this appointment belongs to (repetition), or null. */
  recorrenciaId: z.string().nullable(),
  /** The point-of-sale record charging it (created at check-in), or null. */
  vendaId: z.string().nullable(),
  vendaNumero: z.number().nullable(),
  statusFinanceiro: z.enum(STATUS_FINANCEIRO_IDS),
  /** The package whose session it consumed, or null. */
  pacote: z.object({ id: z.string(), nome: z.string(), sessoesRestantes: z.number().int() }).nullable(),
  /**
   * The owner's WhatsApp answer to the confirmation (issue #21 item 5): 'Confirmou' (it went
   * Confirmado) or 'NaoPodeComparecer' (the reception should call); null without an answer.
   */
  respostaConfirmacao: z.enum(RESPOSTA_CONFIRMACAO_IDS).nullable(),
  /** ISO instant of that answer, or null. */
  respostaConfirmacaoEm: z.string().nullable(),
  createdAt: z.string(),
});
export type Atendimento = z.infer<typeof atendimentoSchema>;

/** GET /atendimentos/{id}: the appointment with its history of status, activity and priority. */
export const atendimentoDetalheSchema = atendimentoSchema.extend({
  historico: z.array(historicoAtendimentoSchema),
});
export type AtendimentoDetalhe = z.infer<typeof atendimentoDetalheSchema>;

/** POST answer: the appointment created (the first of a series) and how many were created. */
export const atendimentoCriadoSchema = z.object({ id: z.string(), ids: z.array(z.string()) });

/**
 * GET /atendimentos: `query` matches pet, owner or type; `data` (one day) or
 * `dataInicio`/`dataFim` (default today, in the unit's time zone); ordered by start.
 */
export const listAtendimentosQuerySchema = listQuerySchema.extend({
  data: dateInput('Data'),
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  area: optional(z.enum(AREA_IDS, { error: 'Área inválida' })),
  status: listParam(z.enum(STATUS_ATENDIMENTO_IDS, { error: 'Status inválido' })),
  boxId: optionalUuid('Box inválido'),
  salaId: optionalUuid('Sala inválida'),
  responsavelId: optionalUuid('Profissional inválido'),
  petId: optionalUuid('Pet inválido'),
  clienteId: optionalUuid('Cliente inválido'),
});
export type ListAtendimentosQuery = z.input<typeof listAtendimentosQuerySchema>;
export const atendimentosPageSchema = pageOf(atendimentoSchema);

export const statusInputSchema = z.object({
  status: z.enum(STATUS_ATENDIMENTO_IDS, { error: 'Status inválido' }),
  /** Why it was cancelled (optional). */
  motivo: optionalText('Motivo', 300),
});
export const prioridadeInputSchema = z.object({ prioridade: z.enum(PRIORIDADE_IDS, { error: 'Prioridade inválida' }) });
export const atividadeInputSchema = z.object({ atividade: z.enum(ATIVIDADE_IDS, { error: 'Atividade inválida' }) });

// ---------------------------------------------------------------------------------------------
// Eventos (calendar feed) — GET /api/agenda/eventos, /eventos/clinica
// ---------------------------------------------------------------------------------------------

/** dataInicio/dataFim 'yyyy-MM-dd' (inclusive, at most 62 days); filters as the list. */
export const eventosQuerySchema = z.object({
  dataInicio: requiredDateInput('Data inicial', 'Informe a data inicial'),
  dataFim: requiredDateInput('Data final', 'Informe a data final'),
  area: optional(z.enum(AREA_IDS, { error: 'Área inválida' })),
  status: listParam(z.enum(STATUS_ATENDIMENTO_IDS, { error: 'Status inválido' })),
  boxId: optionalUuid('Box inválido'),
  salaId: optionalUuid('Sala inválida'),
  responsavelId: optionalUuid('Profissional inválido'),
});
export type EventosQuery = z.input<typeof eventosQuerySchema>;

export const eventoSchema = z.object({
  id: z.string(),
  /** "Rex (Maria Silva) · Banho". */
  titulo: z.string(),
  inicio: z.string(),
  fim: z.string(),
  cor: z.string(),
  area: z.enum(AREA_IDS),
  status: z.enum(STATUS_ATENDIMENTO_IDS),
  atividade: z.enum(ATIVIDADE_IDS),
  prioridade: z.enum(PRIORIDADE_IDS),
  statusFinanceiro: z.enum(STATUS_FINANCEIRO_IDS),
  petNome: z.string(),
  clienteNome: z.string(),
  tipoNome: z.string(),
  responsavelId: z.string().nullable(),
  salaId: z.string().nullable(),
  boxId: z.string().nullable(),
  /** The owner's answer to the WhatsApp confirmation (issue #21), or null: the calendar's badge. */
  respostaConfirmacao: z.enum(RESPOSTA_CONFIRMACAO_IDS).nullable(),
});
export type Evento = z.infer<typeof eventoSchema>;

/** The calendar's resources for columns: boxes, rooms and professionals of the unit. */
export const eventosSchema = z.object({
  eventos: z.array(eventoSchema),
  recursos: z.object({
    boxes: z.array(recursoSchema),
    salas: z.array(recursoSchema),
    profissionais: z.array(z.object({ id: z.string(), nome: z.string(), perfilId: z.string() })),
  }),
});
export type Eventos = z.infer<typeof eventosSchema>;

// ---------------------------------------------------------------------------------------------
// Pacotes — GET /api/pessoal/pessoas/{id}/pacotes, GET /api/animal/pets/{id}/pacotes
// ---------------------------------------------------------------------------------------------

/** A package product's definition (on the product: tipo servico with these set). */
export const pacoteProdutoSchema = z.object({
  /** Sessions included (1..100). */
  sessoes: z.number({ error: 'Informe o número de sessões' }).int().min(1, { error: 'Mínimo 1 sessão' }).max(100),
  /** Validity in days from the sale (1..730). */
  validadeDias: z.number({ error: 'Informe a validade em dias' }).int().min(1, { error: 'Mínimo 1 dia' }).max(730),
  /** The appointment type whose sessions it covers. */
  tipoAtendimentoId: uuidOf('Tipo de atendimento do pacote é obrigatório'),
});
export type PacoteProduto = z.infer<typeof pacoteProdutoSchema>;

export const STATUS_PACOTE = { Ativo: 'Ativo', Esgotado: 'Esgotado', Expirado: 'Expirado', Cancelado: 'Cancelado' } as const;
export type StatusPacote = keyof typeof STATUS_PACOTE;
const STATUS_PACOTE_IDS = Object.keys(STATUS_PACOTE) as [StatusPacote, ...StatusPacote[]];

export const pacoteSchema = z.object({
  id: z.string(),
  nome: z.string(),
  clienteId: z.string(),
  clienteNome: z.string(),
  /** The pet it was sold for (null: any pet of the customer). */
  petId: z.string().nullable(),
  petNome: z.string().nullable(),
  tipoAtendimentoId: z.string(),
  tipoNome: z.string(),
  sessoesTotal: z.number().int(),
  sessoesUsadas: z.number().int(),
  sessoesRestantes: z.number().int(),
  /** 'yyyy-MM-dd', last day it can be used. */
  validoAte: z.string(),
  /** Derived: Ativo, Esgotado (no sessions left), Expirado (past validoAte), Cancelado. */
  status: z.enum(STATUS_PACOTE_IDS),
  vendaId: z.string().nullable(),
  vendaNumero: z.number().nullable(),
  /** ISO instant of the sale. */
  createdAt: z.string(),
});
export type Pacote = z.infer<typeof pacoteSchema>;
export const pacotesSchema = z.array(pacoteSchema);
