/**
 * The clinic (issue #19; DOMAIN.md §9; spec §2 /clientes/{clienteId}/ficha-animal/{petId}/,
 * /configuracoes/clinica/*, §7 "Clinic"). Every call answers under both /api/clinica and
 * /api/clinicas.
 *
 * - Vacinas (tenant): name, manufacturer, species, the product that holds its stock and price.
 * - Protocolos (tenant): an ordered list of doses of a vaccine with intervals in days, and the
 *   booster interval (yearly = 365).
 * - Planejamentos: a pet's planned doses. *Aplicar protocolo* creates them from a start date;
 *   status pendente / aplicada, atrasada derived (pending, due before today in the unit's zone).
 * - Vacinas aplicadas (*registrar vacina*): completes the planned dose, plans the next one, takes
 *   the dose out of stock (its lot) and adds it to the pet's sale em atendimento.
 * - Registros: the chart's timeline (consultation, return, exam, procedure, hospitalisation, weight,
 *   note, documents and prescriptions issued), multipart with attachments.
 * - Modelos de documento: rich-text templates (receita or documento) with `{{variáveis}}`;
 *   *processar* fills one for a pet and saves the result as a record.
 *
 * Dates are 'yyyy-MM-dd'; a record's `data` is the unit's local time 'yyyy-MM-ddTHH:mm'; weights
 * in kg (3 decimals), temperature in °C, heart and respiratory rates per minute.
 */
import { z } from 'zod';
import { listQuerySchema, pageOf } from './http.ts';
import { dateInput, listParam, numberInput, optional, optionalText, optionalUuid, requiredText } from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Vacinas
// ---------------------------------------------------------------------------------------------

export const vacinaInputSchema = z.object({
  nome: requiredText('Nome', 120),
  fabricante: optionalText('Fabricante', 120),
  /** Species it is indicated for; empty = any species. */
  especieIds: z
    .array(z.uuid({ error: 'Espécie inválida' }), { error: 'Espécies inválidas' })
    .max(20)
    .default([]),
  /** The product (stock and price) a dose is charged and taken out of stock as. */
  produtoId: optionalUuid('Produto inválido'),
  observacoes: optionalText('Observações', 1000),
  ativo: z.boolean().default(true),
});
export type VacinaInput = z.input<typeof vacinaInputSchema>;
export type VacinaInputParsed = z.output<typeof vacinaInputSchema>;

export const vacinaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  fabricante: z.string().nullable(),
  especieIds: z.array(z.string()),
  especieNomes: z.array(z.string()),
  produtoId: z.string().nullable(),
  produtoNome: z.string().nullable(),
  /** The product's price at the scope's unit (reais), null without a product. */
  precoVenda: z.number().nullable(),
  /** Whether the product controls lots (registrar vacina then asks for the stock lot). */
  controlaLote: z.boolean(),
  observacoes: z.string().nullable(),
  ativo: z.boolean(),
  createdAt: z.string(),
});
export type Vacina = z.infer<typeof vacinaSchema>;

export const listVacinasQuerySchema = listQuerySchema.extend({
  /** Vaccines for this species (or for any species). */
  especieId: optionalUuid('Espécie inválida'),
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
});
export type ListVacinasQuery = z.infer<typeof listVacinasQuerySchema>;
export const vacinaPageSchema = pageOf(vacinaSchema);

// ---------------------------------------------------------------------------------------------
// Protocolos
// ---------------------------------------------------------------------------------------------

/** Longest interval between doses, and booster interval: 10 years. */
export const INTERVALO_MAXIMO_DIAS = 3650;

const diasSchema = (label: string, minimo: number) =>
  z
    .number({ error: `${label} deve ser um número de dias` })
    .int({ error: `${label} deve ser um número inteiro de dias` })
    .min(minimo, { error: `${label} deve ser de ao menos ${minimo} dia(s)` })
    .max(INTERVALO_MAXIMO_DIAS, { error: `${label} deve ser de no máximo ${INTERVALO_MAXIMO_DIAS} dias` });

export const doseProtocoloSchema = z.object({
  descricao: requiredText('Descrição da dose', 60),
  /** Days after the previous dose (the first: after the start date, normally 0). */
  intervaloDias: diasSchema('Intervalo', 0),
});
export type DoseProtocolo = z.infer<typeof doseProtocoloSchema>;

export const protocoloInputSchema = z.object({
  nome: requiredText('Nome', 120),
  vacinaId: z.uuid({ error: 'Informe a vacina' }),
  especieId: optionalUuid('Espécie inválida'),
  doses: z
    .array(doseProtocoloSchema, { error: 'Informe as doses' })
    .min(1, { error: 'Informe ao menos uma dose' })
    .max(20, { error: 'No máximo 20 doses' }),
  /** The booster's interval after the last dose (365 = yearly); absent = no booster. */
  reforcoDias: z.preprocess((v) => (v === '' || v === null ? undefined : v), diasSchema('Reforço', 1).optional()),
  observacoes: optionalText('Observações', 1000),
  ativo: z.boolean().default(true),
});
export type ProtocoloInput = z.input<typeof protocoloInputSchema>;
export type ProtocoloInputParsed = z.output<typeof protocoloInputSchema>;

export const protocoloSchema = z.object({
  id: z.string(),
  nome: z.string(),
  vacinaId: z.string(),
  vacinaNome: z.string(),
  especieId: z.string().nullable(),
  especieNome: z.string().nullable(),
  doses: z.array(doseProtocoloSchema),
  reforcoDias: z.number().nullable(),
  observacoes: z.string().nullable(),
  ativo: z.boolean(),
  createdAt: z.string(),
});
export type Protocolo = z.infer<typeof protocoloSchema>;

export const listProtocolosQuerySchema = listQuerySchema.extend({
  vacinaId: optionalUuid('Vacina inválida'),
  especieId: optionalUuid('Espécie inválida'),
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
});
export type ListProtocolosQuery = z.infer<typeof listProtocolosQuerySchema>;
export const protocoloPageSchema = pageOf(protocoloSchema);

// ---------------------------------------------------------------------------------------------
// Planejamentos (planned doses)
// ---------------------------------------------------------------------------------------------

export const STATUS_PLANEJAMENTO = { pendente: 'Pendente', aplicada: 'Aplicada', atrasada: 'Atrasada' } as const;
export type StatusPlanejamento = keyof typeof STATUS_PLANEJAMENTO;
export const STATUS_PLANEJAMENTO_IDS = Object.keys(STATUS_PLANEJAMENTO) as [StatusPlanejamento, ...StatusPlanejamento[]];

export const aplicarProtocoloInputSchema = z.object({
  petId: z.uuid({ error: 'Informe o pet' }),
  protocoloId: z.uuid({ error: 'Informe o protocolo' }),
  /** The first dose's reference date; a date in the past plans the doses already due as atrasada. */
  dataInicio: dateInput('Data de início').refine((v) => v !== undefined, { error: 'Informe a data de início' }),
});
export type AplicarProtocoloInput = z.input<typeof aplicarProtocoloInputSchema>;

export const planejamentoSchema = z.object({
  id: z.string(),
  petId: z.string(),
  petNome: z.string(),
  /** The pet's principal tutor (doses due: who to remind). */
  tutorId: z.string().nullable(),
  tutorNome: z.string().nullable(),
  tutorCelular: z.string().nullable(),
  vacinaId: z.string(),
  vacinaNome: z.string(),
  protocoloId: z.string().nullable(),
  protocoloNome: z.string().nullable(),
  aplicacaoProtocoloId: z.string().nullable(),
  ordem: z.number().nullable(),
  descricao: z.string(),
  dataPrevista: z.string(),
  status: z.enum(STATUS_PLANEJAMENTO_IDS),
  vacinaAplicadaId: z.string().nullable(),
  dataAplicacao: z.string().nullable(),
  unidadeNegocioId: z.string(),
});
export type Planejamento = z.infer<typeof planejamentoSchema>;

export const aplicarProtocoloResultSchema = z.object({
  aplicacaoProtocoloId: z.string(),
  doses: z.array(planejamentoSchema),
});
export type AplicarProtocoloResult = z.infer<typeof aplicarProtocoloResultSchema>;

/** DELETE /planejamentos/remover-aplicacao-protocolo/{id}: how many pending doses were removed (applied ones are kept). */
export const removerAplicacaoProtocoloResultSchema = z.object({ removidas: z.number() });
export type RemoverAplicacaoProtocoloResult = z.infer<typeof removerAplicacaoProtocoloResultSchema>;

/** Without petId: the scope unit's planned doses. Period on dataPrevista. */
export const listPlanejamentosQuerySchema = listQuerySchema.extend({
  petId: optionalUuid('Pet inválido'),
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  status: listParam(z.enum(STATUS_PLANEJAMENTO_IDS, { error: 'Status inválido' })),
});
export type ListPlanejamentosQuery = z.infer<typeof listPlanejamentosQuerySchema>;
export const planejamentoPageSchema = pageOf(planejamentoSchema);

/** Doses due (issue #19 item 7): the scope unit's pending doses in the next `dias` days, and the overdue ones. */
export const DIAS_DOSES_DEVIDAS_PADRAO = 30;
export const dosesDevidasQuerySchema = z.object({
  dias: z.preprocess(
    (v) => (v === undefined || v === '' ? DIAS_DOSES_DEVIDAS_PADRAO : Number(v)),
    z.number({ error: 'Dias inválido' }).int({ error: 'Dias inválido' }).min(0).max(365, { error: 'No máximo 365 dias' }),
  ),
});
export const dosesDevidasSchema = z.object({
  dias: z.number(),
  /** Pending, due from today up to today + dias, soonest first. Deceased and inactive pets left out. */
  proximas: z.array(planejamentoSchema),
  /** Pending and due before today, oldest first. */
  atrasadas: z.array(planejamentoSchema),
});
export type DosesDevidas = z.infer<typeof dosesDevidasSchema>;

// ---------------------------------------------------------------------------------------------
// Registrar vacina (a dose applied)
// ---------------------------------------------------------------------------------------------

export const registrarVacinaInputSchema = z.object({
  /** Client-made id: the same id sent twice (double click, retry) records the dose once. */
  id: optionalUuid('Identificador inválido'),
  petId: z.uuid({ error: 'Informe o pet' }),
  vacinaId: z.uuid({ error: 'Informe a vacina' }),
  /** The planned dose it completes; absent = the pet's earliest pending dose of this vaccine, if any. */
  planejamentoId: optionalUuid('Dose planejada inválida'),
  dataAplicacao: dateInput('Data da aplicação'),
  /** Lot as printed on the vial. */
  lote: optionalText('Lote', 60),
  /** The stock lot taken out (products that control lots); its number and expiry fill lote/validadeLote. */
  loteId: optionalUuid('Lote inválido'),
  validadeLote: dateInput('Validade do lote'),
  fabricante: optionalText('Fabricante', 120),
  /** The veterinarian who applied it (a user of the tenant); absent = the signed-in user. */
  veterinarioId: optionalUuid('Veterinário inválido'),
  /** The next dose's date; absent = the protocol's next dose, or its booster, as planned. */
  proximaDose: dateInput('Próxima dose'),
  observacoes: optionalText('Observações', 1000),
  /** Add the dose to the pet's sale em atendimento (default true; false: not charged, e.g. a campaign). */
  cobrar: z.boolean().default(true),
});
export type RegistrarVacinaInput = z.input<typeof registrarVacinaInputSchema>;
export type RegistrarVacinaInputParsed = z.output<typeof registrarVacinaInputSchema>;

export const vacinaAplicadaSchema = z.object({
  id: z.string(),
  petId: z.string(),
  vacinaId: z.string(),
  vacinaNome: z.string(),
  planejamentoId: z.string().nullable(),
  dataAplicacao: z.string(),
  lote: z.string().nullable(),
  loteId: z.string().nullable(),
  validadeLote: z.string().nullable(),
  fabricante: z.string().nullable(),
  veterinarioId: z.string().nullable(),
  veterinarioNome: z.string().nullable(),
  veterinarioCrmv: z.string().nullable(),
  /** The next dose planned with it. */
  proximaDose: planejamentoSchema.nullable(),
  vendaId: z.string().nullable(),
  vendaNumero: z.number().nullable(),
  observacoes: z.string().nullable(),
  unidadeNegocioId: z.string(),
  createdAt: z.string(),
});
export type VacinaAplicada = z.infer<typeof vacinaAplicadaSchema>;

// ---------------------------------------------------------------------------------------------
// Registros (clinical records)
// ---------------------------------------------------------------------------------------------

export const TIPOS_REGISTRO = {
  consulta: 'Consulta',
  retorno: 'Retorno',
  exame: 'Exame',
  procedimento: 'Procedimento',
  internacao: 'Internação',
  peso: 'Peso',
  observacao: 'Observação',
  documento: 'Documento',
  receita: 'Receita',
} as const;
export type TipoRegistro = keyof typeof TIPOS_REGISTRO;
export const TIPO_REGISTRO_IDS = Object.keys(TIPOS_REGISTRO) as [TipoRegistro, ...TipoRegistro[]];

export const MUCOSAS = {
  normocoradas: 'Normocoradas',
  hipocoradas: 'Hipocoradas',
  hipercoradas: 'Hiperêmicas',
  cianoticas: 'Cianóticas',
  ictericas: 'Ictéricas',
} as const;
export const HIDRATACAO = {
  normal: 'Normal',
  leve: 'Desidratação leve (até 6%)',
  moderada: 'Desidratação moderada (6–8%)',
  grave: 'Desidratação grave (acima de 8%)',
} as const;

const faixa = (label: string, min: number, max: number, unidade: string) =>
  numberInput(label).refine((v) => v === undefined || (v >= min && v <= max), {
    error: `${label} deve estar entre ${min} e ${max} ${unidade}`,
  });

/** Peso in kg (0.001–1000), temperatura °C (25–45), frequências per minute. */
export const pesoSchema = faixa('Peso', 0.001, 1000, 'kg').transform((v) => (v === undefined ? v : Math.round(v * 1000) / 1000));

export const exameFisicoSchema = z.object({
  peso: pesoSchema,
  temperatura: faixa('Temperatura', 25, 45, '°C'),
  frequenciaCardiaca: faixa('Frequência cardíaca', 1, 500, 'bpm'),
  frequenciaRespiratoria: faixa('Frequência respiratória', 1, 300, 'mpm'),
  mucosas: optional(z.enum(Object.keys(MUCOSAS) as [keyof typeof MUCOSAS], { error: 'Mucosas inválidas' })),
  hidratacao: optional(z.enum(Object.keys(HIDRATACAO) as [keyof typeof HIDRATACAO], { error: 'Hidratação inválida' })),
  /** Tempo de preenchimento capilar, seconds. */
  tpc: faixa('TPC', 0, 20, 's'),
  observacoes: optionalText('Observações do exame físico', 2000),
});
export type ExameFisico = z.output<typeof exameFisicoSchema>;

/** A medicine of a prescription. */
export const medicamentoSchema = z.object({
  nome: requiredText('Medicamento', 200),
  /** '1 comprimido', '5 mg/kg', '10 gotas'. */
  dose: requiredText('Dose', 120),
  /** Via: oral, tópica, SC, IM, IV, otológica, oftálmica… */
  via: requiredText('Via', 60),
  /** 'a cada 12 horas'. */
  frequencia: requiredText('Frequência', 120),
  /** '7 dias', 'uso contínuo'. */
  duracao: requiredText('Duração', 120),
  quantidade: optionalText('Quantidade', 60),
  observacoes: optionalText('Observações', 500),
});
export type Medicamento = z.infer<typeof medicamentoSchema>;

/**
 * A medicine as answered: plain strings, no input transforms (a route's answer is encoded
 * through its schema, and zod cannot encode through `requiredText`'s transform).
 */
export const medicamentoOutputSchema = z.object({
  nome: z.string(),
  dose: z.string(),
  via: z.string(),
  frequencia: z.string(),
  duracao: z.string(),
  quantidade: z.string().optional(),
  observacoes: z.string().optional(),
});

/** Longest filled document or template, characters of HTML. */
export const CONTEUDO_MAXIMO = 100_000;

/**
 * A record's body (JSON in the `dados` part of a multipart request, or plain JSON). The kind's
 * fields apply: consulta/retorno (anamnese, exameFisico, diagnostico, conduta), internacao
 * (evolucao, exameFisico), peso (peso required), exame/procedimento/observacao (descricao),
 * receita (medicamentos), documento/receita (conteudoHtml). Attachments come as file parts
 * `anexos` (PDF, PNG, JPEG, WebP; 10 MB each; at most 4 a request).
 */
export const registroInputSchema = z.object({
  petId: z.uuid({ error: 'Informe o pet' }),
  tipo: z.enum(TIPO_REGISTRO_IDS, { error: 'Tipo de registro inválido' }),
  /** Local time of the unit 'yyyy-MM-ddTHH:mm'; absent = now. */
  data: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Data inválida' })),
  titulo: optionalText('Título', 200),
  anamnese: optionalText('Anamnese', 10_000),
  exameFisico: exameFisicoSchema.optional(),
  diagnostico: optionalText('Diagnóstico', 5000),
  conduta: optionalText('Conduta', 10_000),
  evolucao: optionalText('Evolução', 10_000),
  descricao: optionalText('Descrição', 10_000),
  /** kg: required for tipo peso; for the others exameFisico.peso is the weight. */
  peso: pesoSchema,
  medicamentos: z.array(medicamentoSchema).max(30, { error: 'No máximo 30 medicamentos' }).default([]),
  conteudoHtml: optionalText('Conteúdo', CONTEUDO_MAXIMO),
  controleEspecial: z.boolean().default(false),
  /** The veterinarian responsible (a user of the tenant); absent = the signed-in user. */
  veterinarioId: optionalUuid('Veterinário inválido'),
  /** On update: attachments to remove. */
  anexosRemovidos: z.array(z.uuid({ error: 'Anexo inválido' })).default([]),
});
export type RegistroInput = z.input<typeof registroInputSchema>;
export type RegistroInputParsed = z.output<typeof registroInputSchema>;

export const anexoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  mimeType: z.string(),
  tamanho: z.number(),
  /** /api/arquivos/{arquivoId}. */
  url: z.string(),
});
export type Anexo = z.infer<typeof anexoSchema>;

export const registroSchema = z.object({
  id: z.string(),
  petId: z.string(),
  tipo: z.enum(TIPO_REGISTRO_IDS),
  /** ISO instant. */
  data: z.string(),
  /** The unit's local time 'yyyy-MM-ddTHH:mm'. */
  dataLocal: z.string(),
  titulo: z.string().nullable(),
  anamnese: z.string().nullable(),
  exameFisico: z
    .object({
      peso: z.number().nullable(),
      temperatura: z.number().nullable(),
      frequenciaCardiaca: z.number().nullable(),
      frequenciaRespiratoria: z.number().nullable(),
      mucosas: z.string().nullable(),
      hidratacao: z.string().nullable(),
      tpc: z.number().nullable(),
      observacoes: z.string().nullable(),
    })
    .nullable(),
  diagnostico: z.string().nullable(),
  conduta: z.string().nullable(),
  evolucao: z.string().nullable(),
  descricao: z.string().nullable(),
  peso: z.number().nullable(),
  medicamentos: z.array(medicamentoOutputSchema),
  conteudoHtml: z.string().nullable(),
  modeloDocumentoId: z.string().nullable(),
  controleEspecial: z.boolean(),
  veterinarioId: z.string().nullable(),
  veterinarioNome: z.string().nullable(),
  veterinarioCrmv: z.string().nullable(),
  unidadeNegocioId: z.string(),
  unidadeNegocioNome: z.string(),
  /** Whether the signed-in user may change it here (written in this unit, clinic permission). */
  editavel: z.boolean(),
  anexos: z.array(anexoSchema),
  createdAt: z.string(),
});
export type Registro = z.infer<typeof registroSchema>;

export const listRegistrosQuerySchema = listQuerySchema.extend({
  petId: z.uuid({ error: 'Informe o pet' }),
  tipo: listParam(z.enum(TIPO_REGISTRO_IDS, { error: 'Tipo de registro inválido' })),
});
export type ListRegistrosQuery = z.infer<typeof listRegistrosQuerySchema>;
export const registroPageSchema = pageOf(registroSchema);

export const historicoPesoQuerySchema = z.object({ petId: z.uuid({ error: 'Informe o pet' }) });
export const pontoPesoSchema = z.object({
  registroId: z.string(),
  /** 'yyyy-MM-dd' (unit's zone). */
  data: z.string(),
  peso: z.number(),
});
export type PontoPeso = z.infer<typeof pontoPesoSchema>;
/** Oldest first. */
export const historicoPesoSchema = z.array(pontoPesoSchema);

// ---------------------------------------------------------------------------------------------
// Modelos de documento (templates)
// ---------------------------------------------------------------------------------------------

export const TIPOS_MODELO = { receita: 'Receita', documento: 'Documento' } as const;
export type TipoModelo = keyof typeof TIPOS_MODELO;
export const TIPO_MODELO_IDS = Object.keys(TIPOS_MODELO) as [TipoModelo, ...TipoModelo[]];

/**
 * The variables a template may use, written `{{chave}}` (Handlebars; every value HTML-escaped).
 * Any other name is refused with the list of these.
 */
export const VARIAVEIS_MODELO = [
  { chave: 'tutor.nome', rotulo: 'Nome do tutor', grupo: 'Tutor' },
  { chave: 'tutor.cpf', rotulo: 'CPF/CNPJ do tutor', grupo: 'Tutor' },
  { chave: 'tutor.endereco', rotulo: 'Endereço do tutor', grupo: 'Tutor' },
  { chave: 'tutor.telefone', rotulo: 'Telefone do tutor', grupo: 'Tutor' },
  { chave: 'pet.nome', rotulo: 'Nome do pet', grupo: 'Pet' },
  { chave: 'pet.especie', rotulo: 'Espécie', grupo: 'Pet' },
  { chave: 'pet.raca', rotulo: 'Raça', grupo: 'Pet' },
  { chave: 'pet.sexo', rotulo: 'Sexo', grupo: 'Pet' },
  { chave: 'pet.idade', rotulo: 'Idade', grupo: 'Pet' },
  { chave: 'pet.peso', rotulo: 'Peso', grupo: 'Pet' },
  { chave: 'pet.microchip', rotulo: 'Microchip', grupo: 'Pet' },
  { chave: 'unidade.razaoSocial', rotulo: 'Razão social', grupo: 'Unidade' },
  { chave: 'unidade.cnpj', rotulo: 'CNPJ', grupo: 'Unidade' },
  { chave: 'unidade.endereco', rotulo: 'Endereço da unidade', grupo: 'Unidade' },
  { chave: 'unidade.telefone', rotulo: 'Telefone da unidade', grupo: 'Unidade' },
  { chave: 'veterinario.nome', rotulo: 'Nome do veterinário', grupo: 'Veterinário' },
  { chave: 'veterinario.crmv', rotulo: 'CRMV', grupo: 'Veterinário' },
  { chave: 'data.extenso', rotulo: 'Data de hoje por extenso', grupo: 'Data' },
] as const;
export type VariavelModelo = (typeof VARIAVEIS_MODELO)[number]['chave'];

export const modeloDocumentoInputSchema = z.object({
  tipo: z.enum(TIPO_MODELO_IDS, { error: 'Tipo inválido (receita ou documento)' }),
  nome: requiredText('Nome', 120),
  /** Rich text (HTML of the editor) with `{{variáveis}}`. */
  conteudo: requiredText('Conteúdo', CONTEUDO_MAXIMO),
  /** Receita de controle especial: two copies with the buyer/seller identification block. */
  controleEspecial: z.boolean().default(false),
  ativo: z.boolean().default(true),
});
export type ModeloDocumentoInput = z.input<typeof modeloDocumentoInputSchema>;
export type ModeloDocumentoInputParsed = z.output<typeof modeloDocumentoInputSchema>;

export const modeloDocumentoSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPO_MODELO_IDS),
  nome: z.string(),
  conteudo: z.string(),
  controleEspecial: z.boolean(),
  ativo: z.boolean(),
  createdAt: z.string(),
});
export type ModeloDocumento = z.infer<typeof modeloDocumentoSchema>;

export const listModelosDocumentoQuerySchema = listQuerySchema.extend({
  tipo: optional(z.enum(TIPO_MODELO_IDS, { error: 'Tipo inválido' })),
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
});
export type ListModelosDocumentoQuery = z.infer<typeof listModelosDocumentoQuerySchema>;
export const modeloDocumentoPageSchema = pageOf(modeloDocumentoSchema);

export const processarModeloInputSchema = z.object({
  modeloDocumentoId: z.uuid({ error: 'Informe o modelo' }),
  petId: z.uuid({ error: 'Informe o pet' }),
  /** Absent = the signed-in user. */
  veterinarioId: optionalUuid('Veterinário inválido'),
  /** A prescription's medicines (receita). */
  medicamentos: z.array(medicamentoSchema).max(30, { error: 'No máximo 30 medicamentos' }).default([]),
  titulo: optionalText('Título', 200),
  /** false: answer the filled HTML only (preview), nothing saved. */
  salvar: z.boolean().default(true),
});
export type ProcessarModeloInput = z.input<typeof processarModeloInputSchema>;
export type ProcessarModeloInputParsed = z.output<typeof processarModeloInputSchema>;

export const processarModeloResultSchema = z.object({
  html: z.string(),
  /** The record saved (tipo receita or documento), null on a preview. Its PDF: GET /registros/{id}/pdf. */
  registro: registroSchema.nullable(),
});
export type ProcessarModeloResult = z.infer<typeof processarModeloResultSchema>;

// ---------------------------------------------------------------------------------------------
// Ficha do animal (the chart)
// ---------------------------------------------------------------------------------------------

export const fichaAnimalQuerySchema = z.object({ petId: z.uuid({ error: 'Informe o pet' }) });

export const fichaAnimalSchema = z.object({
  pet: z.object({
    id: z.string(),
    nome: z.string(),
    /** The pet's species (the protocols offered by *aplicar protocolo* are this species' or any species'). */
    especieId: z.string().nullable(),
    especieNome: z.string().nullable(),
    racaNome: z.string().nullable(),
    pelagemNome: z.string().nullable(),
    sexo: z.enum(['M', 'F']).nullable(),
    castrado: z.boolean(),
    dataNascimento: z.string().nullable(),
    idadeEstimadaMeses: z.number().nullable(),
    /** '3 anos e 2 meses' from the birth date (or the estimated age), null when unknown. */
    idade: z.string().nullable(),
    porte: z.string().nullable(),
    microchip: z.string().nullable(),
    /** Latest weight (kg) and its date ('yyyy-MM-dd'). */
    peso: z.number().nullable(),
    pesoData: z.string().nullable(),
    alergias: z.string().nullable(),
    agressivo: z.boolean(),
    usaFocinheira: z.boolean(),
    observacoes: z.string().nullable(),
    fotoUrl: z.string().nullable(),
    dataObito: z.string().nullable(),
    ativo: z.boolean(),
  }),
  tutor: z
    .object({ id: z.string(), nome: z.string(), cpfCnpj: z.string().nullable(), telefone: z.string().nullable() })
    .nullable(),
  /** Short warnings for the header: allergies, aggressive, muzzle, overdue doses, deceased. */
  alertas: z.array(
    z.object({ tipo: z.enum(['alergia', 'agressivo', 'focinheira', 'vacinaAtrasada', 'obito']), texto: z.string() }),
  ),
  /** The vaccination card: doses applied (newest first) and planned (pending/overdue, soonest first). */
  vacinas: z.object({ aplicadas: z.array(vacinaAplicadaSchema), planejadas: z.array(planejamentoSchema) }),
  historicoPeso: historicoPesoSchema,
  /** Records per kind (the timeline's filter chips). */
  totaisPorTipo: z.record(z.string(), z.number()),
  /** The newest records (first page of the timeline, 20). */
  registros: registroPageSchema,
  /** Whether the signed-in user may write in the chart (clinic permission). */
  podeEscrever: z.boolean(),
});
export type FichaAnimal = z.infer<typeof fichaAnimalSchema>;
