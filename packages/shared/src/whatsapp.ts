/**
 * WhatsApp (issue #21; DOMAIN.md §12; spec §7 "WhatsApp", "Agenda" notificacao-webhook).
 *
 * - Conexão (per unit): the unit's own number, paired by reading a QR code with the phone;
 *   status Desconectado → AguardandoLeitura (a QR is shown, renewed while pairing) → Conectado.
 *   The gateway behind it (fake, Evolution API, WhatsApp Cloud API) is chosen by the server's
 *   configuration (WHATSAPP_GATEWAY).
 * - Modelos (per unit): the five messages the shop sends by itself, each on or off, with its
 *   text (variables `{{nome}}`, …) and when it goes out.
 * - Mensagens (per unit): the outbox and the log at once: every message is a row, sent by a
 *   worker, never twice for the same event (its `chave`).
 *
 * LGPD: `aniversario` is marketing (only to owners with consentimentoMarketing); the others are
 * transactional (about a service the owner booked or a vaccine their pet needs). Deceased pets
 * get none.
 */
import { z } from 'zod';
import { listQuerySchema, pageOf } from './http.ts';
import { listParam, onlyDigits, optional, requiredText } from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Connection
// ---------------------------------------------------------------------------------------------

export const STATUS_CONEXAO_WHATSAPP = {
  Desconectado: 'Desconectado',
  AguardandoLeitura: 'Aguardando leitura',
  Conectado: 'Conectado',
} as const;
export type StatusConexaoWhatsapp = keyof typeof STATUS_CONEXAO_WHATSAPP;
export const STATUS_CONEXAO_IDS = Object.keys(STATUS_CONEXAO_WHATSAPP) as [StatusConexaoWhatsapp, ...StatusConexaoWhatsapp[]];

/** Which gateway the server talks to (env WHATSAPP_GATEWAY). */
export const GATEWAYS_WHATSAPP = {
  fake: 'Simulado (demonstração)',
  evolution: 'Evolution API',
  cloud: 'WhatsApp Cloud API (oficial)',
} as const;
export type GatewayWhatsapp = keyof typeof GATEWAYS_WHATSAPP;
export const GATEWAY_IDS = Object.keys(GATEWAYS_WHATSAPP) as [GatewayWhatsapp, ...GatewayWhatsapp[]];

/** GET /api/whatsapp/status: the unit's connection now. `numero`: digits with 55 and DDD, once connected. */
export const whatsappStatusSchema = z.object({
  status: z.enum(STATUS_CONEXAO_IDS),
  numero: z.string().nullable(),
  /** ISO timestamp of the pairing; null while not connected. */
  conectadoEm: z.string().nullable(),
});
export type WhatsappStatus = z.infer<typeof whatsappStatusSchema>;

/**
 * GET /api/whatsapp/qrcode: the QR to read with the phone while AguardandoLeitura (a PNG data
 * URL, renewed by the gateway about every 20–40 s: the screen asks again every few seconds);
 * `qrcode` null in the other states.
 */
export const whatsappQrcodeSchema = z.object({
  status: z.enum(STATUS_CONEXAO_IDS),
  qrcode: z.string().nullable(),
  /** ISO timestamp when this QR was issued. */
  geradoEm: z.string().nullable(),
});
export type WhatsappQrcode = z.infer<typeof whatsappQrcodeSchema>;

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** The messages the shop sends by itself. */
export const TIPOS_MODELO_WHATSAPP = {
  aniversario: 'Aniversário',
  confirmacaoAgendamento: 'Confirmação de agendamento',
  lembreteAgendamento: 'Lembrete de agendamento',
  petPronto: 'Pet pronto',
  vacinaAVencer: 'Vacina a vencer',
} as const;
export type TipoModeloWhatsapp = keyof typeof TIPOS_MODELO_WHATSAPP;
export const TIPO_MODELO_IDS = Object.keys(TIPOS_MODELO_WHATSAPP) as [TipoModeloWhatsapp, ...TipoModeloWhatsapp[]];

/** Every kind of message in the log: the templates, plus a test and a message typed by a person. */
export const TIPOS_MENSAGEM_WHATSAPP = {
  ...TIPOS_MODELO_WHATSAPP,
  teste: 'Mensagem de teste',
  manual: 'Mensagem avulsa',
} as const;
export type TipoMensagemWhatsapp = keyof typeof TIPOS_MENSAGEM_WHATSAPP;
export const TIPO_MENSAGEM_IDS = Object.keys(TIPOS_MENSAGEM_WHATSAPP) as [TipoMensagemWhatsapp, ...TipoMensagemWhatsapp[]];

/** Marketing messages (LGPD): only to owners who consented. The rest are transactional. */
export const MODELOS_MARKETING: readonly TipoMensagemWhatsapp[] = ['aniversario'];

/** The variables a template may use, with a sample value for the preview. */
export const VARIAVEIS_MODELO = {
  nome: { descricao: 'Primeiro nome do cliente', exemplo: 'Maria' },
  nomeCompleto: { descricao: 'Nome completo do cliente', exemplo: 'Maria da Silva' },
  pet: { descricao: 'Nome do pet', exemplo: 'Thor' },
  data: { descricao: 'Data do atendimento ou da dose (dd/MM/aaaa)', exemplo: '28/11/2026' },
  hora: { descricao: 'Hora do atendimento (HH:mm)', exemplo: '14:30' },
  servico: { descricao: 'Tipo de atendimento', exemplo: 'Banho e tosa' },
  vacina: { descricao: 'Vacina da dose a vencer', exemplo: 'V10 (polivalente)' },
  unidade: { descricao: 'Nome fantasia da unidade', exemplo: 'Pet Shop Demonstração' },
  telefoneUnidade: { descricao: 'Telefone da unidade', exemplo: '(11) 3333-4444' },
} as const;
export type VariavelModelo = keyof typeof VARIAVEIS_MODELO;

/** Which variables make sense in each template (the editor offers these; others are refused). */
export const VARIAVEIS_POR_MODELO: Record<TipoModeloWhatsapp, readonly VariavelModelo[]> = {
  aniversario: ['nome', 'nomeCompleto', 'unidade', 'telefoneUnidade'],
  confirmacaoAgendamento: ['nome', 'nomeCompleto', 'pet', 'data', 'hora', 'servico', 'unidade', 'telefoneUnidade'],
  lembreteAgendamento: ['nome', 'nomeCompleto', 'pet', 'data', 'hora', 'servico', 'unidade', 'telefoneUnidade'],
  petPronto: ['nome', 'nomeCompleto', 'pet', 'servico', 'unidade', 'telefoneUnidade'],
  vacinaAVencer: ['nome', 'nomeCompleto', 'pet', 'vacina', 'data', 'unidade', 'telefoneUnidade'],
};

const VARIAVEL_RE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The variable names a text uses, in order of first appearance. */
export const variaveisDoTexto = (texto: string): string[] => [...new Set([...texto.matchAll(VARIAVEL_RE)].map((m) => m[1]!))];

/**
 * Renders a template: each `{{variavel}}` replaced by its value in ONE pass (a value is never
 * read again as a template: a pet named "{{nome}}" stays "{{nome}}"). Values are made safe for
 * a WhatsApp text: control characters removed, line breaks turned into spaces, trimmed, at most
 * 100 characters (a name cannot break the message's layout). A variable with no value renders
 * empty. WhatsApp's own formatting (*bold*, _italic_) in the template is kept.
 */
export const renderizarModelo = (texto: string, valores: Partial<Record<VariavelModelo, string | null | undefined>>): string =>
  texto.replace(VARIAVEL_RE, (_m, nome: string) => {
    const valor = (valores as Record<string, string | null | undefined>)[nome];
    if (valor == null) return '';
    return (
      valor
        .replace(/[\r\n\t]+/g, ' ')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .trim()
        .slice(0, 100)
    );
  });

/** The preview's sample values. */
export const EXEMPLO_VARIAVEIS = Object.fromEntries(Object.entries(VARIAVEIS_MODELO).map(([k, v]) => [k, v.exemplo])) as Record<
  VariavelModelo,
  string
>;

const horaSchema = z
  .string({ error: 'Informe a hora' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Hora inválida (use HH:mm)' });

/**
 * One template. `horaEnvio` ('HH:mm', unit's time zone): when the daily messages (aniversario,
 * vacinaAVencer) go out; `antecedenciaHoras`: the reminder goes this many hours before the
 * appointment (lembreteAgendamento); `antecedenciaDias`: the vaccine message goes this many days
 * before the dose is due (vacinaAVencer). `modeloCloud`: the name of the approved template in
 * the WhatsApp Cloud API (its body parameters are this template's variables in order of
 * appearance); only used with the cloud gateway.
 */
export const modeloMensagemSchema = z.object({
  ativo: z.boolean(),
  texto: requiredText('Texto', 1000),
  horaEnvio: horaSchema.nullable(),
  antecedenciaHoras: z
    .number()
    .int()
    .min(1, { error: 'Antecedência mínima de 1 hora' })
    .max(72, { error: 'Antecedência máxima de 72 horas' })
    .nullable(),
  antecedenciaDias: z
    .number()
    .int()
    .min(0, { error: 'Antecedência inválida' })
    .max(60, { error: 'Antecedência máxima de 60 dias' })
    .nullable(),
  modeloCloud: z.string().trim().max(100).nullable(),
});
export type ModeloMensagem = z.infer<typeof modeloMensagemSchema>;

export type ModelosMensagem = Record<TipoModeloWhatsapp, ModeloMensagem>;

/** What a unit starts with (all off until the shop connects and reviews them). */
export const MODELOS_PADRAO: ModelosMensagem = {
  aniversario: {
    ativo: false,
    texto: 'Olá, {{nome}}! A equipe da {{unidade}} deseja um feliz aniversário! 🎉',
    horaEnvio: '09:00',
    antecedenciaHoras: null,
    antecedenciaDias: null,
    modeloCloud: null,
  },
  confirmacaoAgendamento: {
    ativo: false,
    texto:
      'Olá, {{nome}}! O atendimento de {{servico}} do {{pet}} está marcado para {{data}} às {{hora}} na {{unidade}}. ' +
      'Responda 1 para confirmar ou 2 se não puder vir.',
    horaEnvio: null,
    antecedenciaHoras: null,
    antecedenciaDias: null,
    modeloCloud: null,
  },
  lembreteAgendamento: {
    ativo: false,
    texto: 'Olá, {{nome}}! Lembrete: {{servico}} do {{pet}} hoje/amanhã, {{data}} às {{hora}}, na {{unidade}}.',
    horaEnvio: null,
    antecedenciaHoras: 24,
    antecedenciaDias: null,
    modeloCloud: null,
  },
  petPronto: {
    ativo: false,
    texto: 'Olá, {{nome}}! O {{pet}} já está pronto e esperando por você na {{unidade}}. 🐾',
    horaEnvio: null,
    antecedenciaHoras: null,
    antecedenciaDias: null,
    modeloCloud: null,
  },
  vacinaAVencer: {
    ativo: false,
    texto:
      'Olá, {{nome}}! A vacina {{vacina}} do {{pet}} vence em {{data}}. Agende a aplicação com a {{unidade}}: {{telefoneUnidade}}.',
    horaEnvio: '09:00',
    antecedenciaHoras: null,
    antecedenciaDias: 7,
    modeloCloud: null,
  },
};

/**
 * PUT /api/geral/unidades-negocio/{id}/whatsapp/mensagens: every template of the unit at once.
 * 400 (errors keyed `aniversario.texto`, …) when a text uses a variable its template does not
 * offer, a daily template has no `horaEnvio`, or the reminder has no `antecedenciaHoras`.
 */
export const modelosMensagemSchema = z
  .object(
    Object.fromEntries(TIPO_MODELO_IDS.map((t) => [t, modeloMensagemSchema])) as Record<
      TipoModeloWhatsapp,
      typeof modeloMensagemSchema
    >,
  )
  .superRefine((modelos, ctx) => {
    for (const tipo of TIPO_MODELO_IDS) {
      const m = modelos[tipo];
      const desconhecidas = variaveisDoTexto(m.texto).filter(
        (v) => !(VARIAVEIS_POR_MODELO[tipo] as readonly string[]).includes(v),
      );
      if (desconhecidas.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: [tipo, 'texto'],
          message: `Variável não disponível neste modelo: ${desconhecidas.map((v) => `{{${v}}}`).join(', ')}`,
        });
      if ((tipo === 'aniversario' || tipo === 'vacinaAVencer') && m.horaEnvio == null)
        ctx.addIssue({ code: 'custom', path: [tipo, 'horaEnvio'], message: 'Informe a hora de envio' });
      if (tipo === 'lembreteAgendamento' && m.antecedenciaHoras == null)
        ctx.addIssue({ code: 'custom', path: [tipo, 'antecedenciaHoras'], message: 'Informe a antecedência do lembrete' });
      if (tipo === 'vacinaAVencer' && m.antecedenciaDias == null)
        ctx.addIssue({ code: 'custom', path: [tipo, 'antecedenciaDias'], message: 'Informe a antecedência em dias' });
    }
  });

/** A unit's stored templates merged over the defaults (a stored set from before a new template keeps working). */
export const modelosComPadrao = (salvos: Partial<Record<string, Partial<ModeloMensagem>>> | null | undefined): ModelosMensagem =>
  Object.fromEntries(TIPO_MODELO_IDS.map((t) => [t, { ...MODELOS_PADRAO[t], ...(salvos?.[t] ?? {}) }])) as ModelosMensagem;

/** GET /api/whatsapp: the unit's connection, its templates and how the gateway is set up. */
export const whatsappSchema = whatsappStatusSchema.extend({
  unidadeNegocioId: z.uuid(),
  gateway: z.enum(GATEWAY_IDS),
  /** Templates of the unit (defaults filled in). */
  mensagens: z.record(z.enum(TIPO_MODELO_IDS), modeloMensagemSchema),
  /** Messages waiting and failed in the last 7 days, for the screen's header. */
  pendentes: z.number().int(),
  falhas7Dias: z.number().int(),
  /**
   * Cloud API only: whether the unit's credentials (PUT /api/whatsapp/credenciais) are set —
   * they are never answered. Absent with the other gateways.
   */
  credenciaisDefinidas: z.boolean().optional(),
  /**
   * Cloud API only: the callback URL (with the unit's secret) to register in the Meta app's
   * webhook settings. Absent with the other gateways (they register it themselves on connect).
   */
  webhookUrl: z.string().optional(),
});
export type Whatsapp = z.infer<typeof whatsappSchema>;

// ---------------------------------------------------------------------------------------------
// Messages (outbox and log)
// ---------------------------------------------------------------------------------------------

/**
 * Pendente (waiting for its time or a retry) → Enviando (claimed by a worker) → Enviada
 * (accepted by the gateway) → Entregue → Lida; Falhou after the last attempt or when it can no
 * longer go (expired, no phone); Cancelada by a person or when its event is gone.
 */
export const STATUS_MENSAGEM_WHATSAPP = {
  Pendente: 'Pendente',
  Enviando: 'Enviando',
  Enviada: 'Enviada',
  Entregue: 'Entregue',
  Lida: 'Lida',
  Falhou: 'Falhou',
  Cancelada: 'Cancelada',
} as const;
export type StatusMensagemWhatsapp = keyof typeof STATUS_MENSAGEM_WHATSAPP;
export const STATUS_MENSAGEM_IDS = Object.keys(STATUS_MENSAGEM_WHATSAPP) as [StatusMensagemWhatsapp, ...StatusMensagemWhatsapp[]];

/** One message of the log. `telefone`: digits with 55 and DDD. Timestamps ISO. */
export const mensagemWhatsappSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(TIPO_MENSAGEM_IDS),
  status: z.enum(STATUS_MENSAGEM_IDS),
  telefone: z.string(),
  texto: z.string(),
  pessoaId: z.uuid().nullable(),
  pessoaNome: z.string().nullable(),
  petId: z.uuid().nullable(),
  petNome: z.string().nullable(),
  atendimentoId: z.uuid().nullable(),
  agendadaPara: z.string(),
  tentativas: z.number().int(),
  ultimoErro: z.string().nullable(),
  enviadaEm: z.string().nullable(),
  entregueEm: z.string().nullable(),
  lidaEm: z.string().nullable(),
  createdAt: z.string(),
});
export type MensagemWhatsapp = z.infer<typeof mensagemWhatsappSchema>;

/** GET /api/whatsapp/mensagens: the log, newest first; `query` matches the person, pet or phone. */
export const mensagensWhatsappQuerySchema = listQuerySchema.extend({
  status: listParam(z.enum(STATUS_MENSAGEM_IDS, { error: 'Status inválido' })),
  tipo: listParam(z.enum(TIPO_MENSAGEM_IDS, { error: 'Tipo inválido' })),
  pessoaId: optional(z.uuid({ error: 'Cliente inválido' })),
});
export const mensagensWhatsappPageSchema = pageOf(mensagemWhatsappSchema);

/** A phone a message goes to: digits, with DDD (10–11 digits) or with 55 in front (12–13). */
export const telefoneWhatsappSchema = z
  .string({ error: 'Informe o telefone' })
  .transform(onlyDigits)
  .refine((d) => /^(55)?\d{10,11}$/.test(d), { error: 'Telefone inválido (informe DDD e número)' })
  .transform((d) => (d.length <= 11 ? `55${d}` : d));

/** POST /api/whatsapp/mensagem-teste: a test message to any number, sent now (the unit must be connected). */
export const mensagemTesteSchema = z.object({
  telefone: telefoneWhatsappSchema,
  texto: requiredText('Mensagem', 1000),
});

/**
 * POST /api/whatsapp/mensagens: a message typed by a person to a customer (the customer page's
 * "WhatsApp" action), to the customer's WhatsApp phone unless `telefone` is given.
 */
export const mensagemAvulsaSchema = z.object({
  pessoaId: z.uuid({ error: 'Cliente inválido' }),
  telefone: optional(telefoneWhatsappSchema),
  texto: requiredText('Mensagem', 1000),
});

/** POST /api/geral/enviar-mensagem-aniversario: how many birthday messages were queued now (and already sent today). */
export const envioAniversarioSchema = z.object({
  enfileiradas: z.number().int(),
  jaEnviadas: z.number().int(),
  semTelefone: z.number().int(),
  semConsentimento: z.number().int(),
});
export type EnvioAniversario = z.infer<typeof envioAniversarioSchema>;

/**
 * POST /api/agenda/atendimentos/notificacao-webhook?unidade={id}&token={secret}: the gateway's
 * callbacks in its own format (body), authenticated by the unit's webhook secret (401 otherwise).
 * The URL with both is what the connection registers at the gateway.
 */
export const notificacaoWebhookQuerySchema = z.object({
  unidade: z.uuid({ error: 'Unidade inválida' }),
  token: z.string({ error: 'Token ausente' }).min(1, { error: 'Token ausente' }).max(200),
});

// ---------------------------------------------------------------------------------------------
// Gateway settings and development actions
// ---------------------------------------------------------------------------------------------

/**
 * PUT /api/whatsapp/credenciais (WhatsApp Cloud API only; 400 with the other gateways): the
 * unit's phone number id and access token, stored encrypted and never answered.
 */
export const credenciaisWhatsappSchema = z.object({
  phoneNumberId: requiredText('Identificador do número (Phone number ID)', 100),
  accessToken: requiredText('Token de acesso', 1000),
});
export type CredenciaisWhatsapp = z.infer<typeof credenciaisWhatsappSchema>;

/** The number the fake gateway "connects" with when the development action gives none. */
export const NUMERO_DEMONSTRACAO_WHATSAPP = '5511999990000';

/**
 * POST /api/whatsapp/simular-leitura (fake gateway only; 404 otherwise): the development action
 * "the phone read the QR" — the unit connects with `numero` (default NUMERO_DEMONSTRACAO_WHATSAPP).
 * Answers whatsappStatusSchema; 400 when no QR is waiting to be read.
 */
export const simularLeituraSchema = z.object({
  numero: optional(telefoneWhatsappSchema),
});

/**
 * POST /api/whatsapp/simular-resposta (fake gateway only; 404 otherwise): the development action
 * "the owner answered on WhatsApp" — handled as the gateway's callback of a received message.
 */
export const simularRespostaSchema = z.object({
  telefone: telefoneWhatsappSchema,
  texto: requiredText('Mensagem', 1000),
});
