/**
 * The chart's record form (issue #19 item 4) as data: its values, the values of a record being
 * edited, and the schema that turns them into the body of POST/PUT /clinica/registros. The body
 * holds only the fields of the chosen kind (spec §7 "Clinic", registroInputSchema):
 * consulta/retorno: anamnese, exame físico, diagnóstico, conduta; internação: evolução and exame
 * físico; peso: peso; exame/procedimento/observação: título and descrição. Documents and
 * prescriptions are issued from templates by the documents panel, not here.
 */
import {
  HIDRATACAO,
  MUCOSAS,
  TIPOS_REGISTRO,
  registroInputSchema,
  type Registro,
  type RegistroInputParsed,
  type TipoRegistro,
} from '@petshop/shared/clinica';
import { z } from 'zod';
import type { RegistroDados } from '../api/criar-registro.ts';
import type { DecimalValue } from '#lib/ui/decimal-input.tsx';

/** The kinds written in the chart's own form (documento and receita come from templates). */
export const TIPOS_FORMULARIO = ['consulta', 'retorno', 'exame', 'procedimento', 'internacao', 'peso', 'observacao'] as const;
export type TipoFormulario = (typeof TIPOS_FORMULARIO)[number];
export const isTipoFormulario = (tipo: TipoRegistro | string): tipo is TipoFormulario =>
  (TIPOS_FORMULARIO as readonly string[]).includes(tipo);

export const TIPOS_FORMULARIO_OPCOES = TIPOS_FORMULARIO.map((value) => ({ value, label: TIPOS_REGISTRO[value] }));

/** Kinds whose form has the exame físico. */
export const TIPOS_COM_EXAME_FISICO: readonly TipoRegistro[] = ['consulta', 'retorno', 'internacao'];
/** Kinds whose form is a title and a description. */
export const TIPOS_COM_DESCRICAO: readonly TipoRegistro[] = ['exame', 'procedimento', 'observacao'];

export type ExameFisicoValues = {
  peso: DecimalValue;
  temperatura: DecimalValue;
  frequenciaCardiaca: DecimalValue;
  frequenciaRespiratoria: DecimalValue;
  mucosas: string | null;
  hidratacao: string | null;
  tpc: DecimalValue;
  observacoes: string;
};

export type RegistroFormValues = {
  petId: string;
  tipo: TipoFormulario;
  /** 'yyyy-MM-dd' and 'HH:mm', the unit's local time. */
  dia: string;
  hora: string;
  titulo: string;
  anamnese: string;
  exameFisico: ExameFisicoValues;
  diagnostico: string;
  conduta: string;
  evolucao: string;
  descricao: string;
  peso: DecimalValue;
  /** Attachments of the record being edited that the user removed. */
  anexosRemovidos: string[];
};

const numero = (v: number | null | undefined): DecimalValue => (v === null || v === undefined ? '' : v);
const texto = (v: string | null | undefined): string => v ?? '';

/** An empty form of `tipo` dated `agora` ('yyyy-MM-ddTHH:mm', the unit's local time). */
export const registroVazio = (petId: string, agora: string, tipo: TipoFormulario = 'consulta'): RegistroFormValues => ({
  petId,
  tipo,
  dia: agora.slice(0, 10),
  hora: agora.slice(11, 16),
  titulo: '',
  anamnese: '',
  exameFisico: {
    peso: '',
    temperatura: '',
    frequenciaCardiaca: '',
    frequenciaRespiratoria: '',
    mucosas: null,
    hidratacao: null,
    tpc: '',
    observacoes: '',
  },
  diagnostico: '',
  conduta: '',
  evolucao: '',
  descricao: '',
  peso: '',
  anexosRemovidos: [],
});

/** The form of a saved record (its kind must be one of the form's). */
export const registroParaFormulario = (registro: Registro & { tipo: TipoFormulario }): RegistroFormValues => {
  const ef = registro.exameFisico;
  return {
    petId: registro.petId,
    tipo: registro.tipo,
    dia: registro.dataLocal.slice(0, 10),
    hora: registro.dataLocal.slice(11, 16),
    titulo: texto(registro.titulo),
    anamnese: texto(registro.anamnese),
    exameFisico: {
      peso: numero(ef?.peso),
      temperatura: numero(ef?.temperatura),
      frequenciaCardiaca: numero(ef?.frequenciaCardiaca),
      frequenciaRespiratoria: numero(ef?.frequenciaRespiratoria),
      mucosas: ef?.mucosas && ef.mucosas in MUCOSAS ? ef.mucosas : null,
      hidratacao: ef?.hidratacao && ef.hidratacao in HIDRATACAO ? ef.hidratacao : null,
      tpc: numero(ef?.tpc),
      observacoes: texto(ef?.observacoes),
    },
    diagnostico: texto(registro.diagnostico),
    conduta: texto(registro.conduta),
    evolucao: texto(registro.evolucao),
    descricao: texto(registro.descricao),
    peso: numero(registro.peso),
    anexosRemovidos: [],
  };
};

/** The exame físico when anything of it was filled, else absent. */
const exameFisicoPreenchido = (ef: RegistroInputParsed['exameFisico']): RegistroInputParsed['exameFisico'] => {
  if (!ef) return undefined;
  const preenchido = Object.values(ef).some((v) => v !== undefined);
  return preenchido ? ef : undefined;
};

/** The body of the kind: only its fields, empty ones left out. */
export const camposDoTipo = (parsed: RegistroInputParsed): RegistroDados => {
  const base: RegistroDados = { petId: parsed.petId, tipo: parsed.tipo, data: parsed.data };
  if (parsed.anexosRemovidos.length > 0) base.anexosRemovidos = parsed.anexosRemovidos;
  switch (parsed.tipo) {
    case 'consulta':
    case 'retorno':
      return {
        ...base,
        anamnese: parsed.anamnese,
        exameFisico: exameFisicoPreenchido(parsed.exameFisico),
        diagnostico: parsed.diagnostico,
        conduta: parsed.conduta,
      };
    case 'internacao':
      return { ...base, evolucao: parsed.evolucao, exameFisico: exameFisicoPreenchido(parsed.exameFisico) };
    case 'peso':
      return { ...base, peso: parsed.peso };
    default:
      return { ...base, titulo: parsed.titulo, descricao: parsed.descricao };
  }
};

/** Drops the keys whose value is undefined (JSON would drop them anyway; tests compare bodies). */
const semIndefinidos = <T extends Record<string, unknown>>(dados: T): T =>
  Object.fromEntries(Object.entries(dados).filter(([, v]) => v !== undefined)) as T;

/**
 * The form's schema: the shared registroInputSchema (the API's own rules and messages) over the
 * values with 'dia' and 'hora' joined into `data`, a weight required for a record of kind peso,
 * then the kind's fields only.
 */
export const registroFormSchema = z
  .preprocess((values) => {
    if (typeof values !== 'object' || values === null) return values;
    const { dia, hora } = values as Partial<RegistroFormValues>;
    return { ...values, data: dia && hora ? `${dia}T${hora}` : dia || hora ? 'incompleta' : undefined };
  }, registroInputSchema)
  .superRefine((parsed, ctx) => {
    if (parsed.tipo === 'peso' && parsed.peso === undefined)
      ctx.addIssue({ code: 'custom', path: ['peso'], message: 'Informe o peso' });
  })
  .transform((parsed) => semIndefinidos(camposDoTipo(parsed)));

/** Server and schema keys that are not form paths. */
export const REGISTRO_FIELD_MAP: Record<string, string> = { data: 'dia' };

/** Reference values shown beside the exame físico's fields, by species (dogs and cats). */
export type Referencias = { temperatura: string; frequenciaCardiaca: string; frequenciaRespiratoria: string; tpc: string };

const REFERENCIAS: Record<'cao' | 'gato', Referencias> = {
  cao: { temperatura: '37,5–39,2 °C', frequenciaCardiaca: '60–160 bpm', frequenciaRespiratoria: '10–30 mpm', tpc: 'até 2 s' },
  gato: { temperatura: '38,0–39,2 °C', frequenciaCardiaca: '140–220 bpm', frequenciaRespiratoria: '20–40 mpm', tpc: 'até 2 s' },
};

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The reference values of a species by its name (Canina, Cão, Cachorro; Felina, Gato), else null. */
export const referenciasDaEspecie = (especieNome: string | null): Referencias | null => {
  if (!especieNome) return null;
  const nome = semAcento(especieNome);
  if (/^(can|cao|caes|cachorr)/.test(nome)) return REFERENCIAS.cao;
  if (/^(fel|gat)/.test(nome)) return REFERENCIAS.gato;
  return null;
};
