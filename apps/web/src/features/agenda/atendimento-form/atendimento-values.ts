/**
 * The booking form's values (issue #17 item 2) and their mapping to and from the API:
 * defaults of a new appointment (the clicked slot and column, the type's duration and
 * service), the values of an existing one, and the POST/PUT body (atendimentoInputSchema).
 */
import type { AtendimentoDetalhe, AtendimentoInput, Prioridade, TipoAtendimento } from '@petshop/shared/agenda';
import dayjs from 'dayjs';

export type ServicoValues = { produtoId: string; descricao: string; valor: number | '' };

export type AtendimentoFormValues = {
  petId: string | null;
  clienteId: string | null;
  tipoAtendimentoId: string | null;
  /** 'yyyy-MM-dd'. */
  data: string;
  /** 'HH:mm'. */
  horaInicio: string;
  horaFim: string;
  responsavelId: string | null;
  salaId: string | null;
  boxId: string | null;
  servicos: ServicoValues[];
  observacoes: string;
  naoFazer: string;
  prioridade: Prioridade;
  levaETraz: boolean;
  levaEndereco: string;
  horaBusca: string;
  horaEntrega: string;
  levaValor: number | '';
  repetir: boolean;
  intervaloSemanas: number | '';
  /** 'yyyy-MM-dd' or null. */
  repetirAte: string | null;
  usarPacote: boolean;
};

/** Where a new appointment starts: the clicked slot and the column's resource. */
export type NovoAtendimentoInicial = {
  /** 'yyyy-MM-ddTHH:mm'. */
  inicio: string;
  fim?: string;
  boxId?: string | null;
  salaId?: string | null;
  responsavelId?: string | null;
};

export const novoAtendimentoValues = (inicial: NovoAtendimentoInicial): AtendimentoFormValues => ({
  petId: null,
  clienteId: null,
  tipoAtendimentoId: null,
  data: inicial.inicio.slice(0, 10),
  horaInicio: inicial.inicio.slice(11, 16),
  horaFim: inicial.fim && inicial.fim.slice(0, 10) === inicial.inicio.slice(0, 10) ? inicial.fim.slice(11, 16) : '',
  responsavelId: inicial.responsavelId ?? null,
  salaId: inicial.salaId ?? null,
  boxId: inicial.boxId ?? null,
  servicos: [],
  observacoes: '',
  naoFazer: '',
  prioridade: 'Normal',
  levaETraz: false,
  levaEndereco: '',
  horaBusca: '',
  horaEntrega: '',
  levaValor: '',
  repetir: false,
  intervaloSemanas: 1,
  repetirAte: null,
  usarPacote: true,
});

export const atendimentoValues = (a: AtendimentoDetalhe): AtendimentoFormValues => ({
  petId: a.petId,
  clienteId: a.clienteId,
  tipoAtendimentoId: a.tipoAtendimentoId,
  data: a.inicio.slice(0, 10),
  horaInicio: a.inicio.slice(11, 16),
  horaFim: a.fim.slice(11, 16),
  responsavelId: a.responsavelId,
  salaId: a.salaId,
  boxId: a.boxId,
  servicos: a.servicos.map((s) => ({ produtoId: s.produtoId, descricao: s.descricao, valor: s.valor })),
  observacoes: a.observacoes ?? '',
  naoFazer: a.naoFazer ?? '',
  prioridade: a.prioridade,
  levaETraz: a.levaETraz !== null,
  levaEndereco: a.levaETraz?.endereco ?? '',
  horaBusca: a.levaETraz?.horaBusca ?? '',
  horaEntrega: a.levaETraz?.horaEntrega ?? '',
  levaValor: a.levaETraz?.valor ?? '',
  repetir: false,
  intervaloSemanas: 1,
  repetirAte: null,
  usarPacote: a.pacote !== null,
});

/** 'HH:mm' + minutes → 'HH:mm' on the same day (capped at 23:59). */
export const somarMinutos = (hhmm: string, minutos: number): string => {
  const total = Math.min(23 * 60 + 59, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutos);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/**
 * What choosing a type changes: the end (start + its duration), its service product as the
 * only service (when the list is empty or holds only the previous type's service), and the
 * resource it does not need cleared.
 */
export const aplicarTipo = (
  values: AtendimentoFormValues,
  tipo: TipoAtendimento,
  anterior: TipoAtendimento | null,
): Partial<AtendimentoFormValues> => {
  const patch: Partial<AtendimentoFormValues> = {};
  if (values.horaInicio) patch.horaFim = somarMinutos(values.horaInicio, tipo.duracaoMinutos);
  const soDoAnterior =
    values.servicos.length === 0 ||
    (anterior?.produtoId != null && values.servicos.length === 1 && values.servicos[0]?.produtoId === anterior.produtoId);
  if (soDoAnterior) {
    patch.servicos = tipo.produtoId
      ? [{ produtoId: tipo.produtoId, descricao: tipo.produtoNome ?? tipo.nome, valor: tipo.preco ?? '' }]
      : [];
  }
  if (tipo.recurso !== 'Box') patch.boxId = null;
  if (tipo.recurso !== 'Sala') patch.salaId = null;
  return patch;
};

const texto = (v: string): string | undefined => (v.trim() ? v.trim() : undefined);
const dinheiro = (v: number | ''): number | undefined => (v === '' ? undefined : v);

/** The POST/PUT body; `repeticao` only when creating. */
export const atendimentoInput = (v: AtendimentoFormValues, criando: boolean): AtendimentoInput => ({
  petId: v.petId ?? '',
  clienteId: v.clienteId ?? undefined,
  tipoAtendimentoId: v.tipoAtendimentoId ?? '',
  inicio: `${v.data}T${v.horaInicio}`,
  fim: v.horaFim ? `${v.data}T${v.horaFim}` : undefined,
  responsavelId: v.responsavelId ?? undefined,
  salaId: v.salaId ?? undefined,
  boxId: v.boxId ?? undefined,
  servicos: v.servicos.map((s) => ({ produtoId: s.produtoId, valor: dinheiro(s.valor) })),
  observacoes: texto(v.observacoes),
  naoFazer: texto(v.naoFazer),
  prioridade: v.prioridade,
  levaETraz: v.levaETraz
    ? {
        endereco: v.levaEndereco.trim(),
        horaBusca: texto(v.horaBusca),
        horaEntrega: texto(v.horaEntrega),
        valor: dinheiro(v.levaValor),
      }
    : null,
  repeticao:
    criando && v.repetir
      ? { intervaloSemanas: v.intervaloSemanas === '' ? 1 : v.intervaloSemanas, ate: v.repetirAte ?? '' }
      : null,
  usarPacote: v.usarPacote,
});

/**
 * The PUT body of a calendar move or resize: the appointment as it is, with the new start,
 * end and resource.
 */
export const atendimentoMovido = (
  a: AtendimentoDetalhe,
  mudanca: { inicio: string; fim: string } & Partial<Record<'boxId' | 'salaId' | 'responsavelId', string | null>>,
): AtendimentoInput => {
  const base = atendimentoInput(atendimentoValues(a), false);
  const pick = (key: 'boxId' | 'salaId' | 'responsavelId') =>
    key in mudanca ? (mudanca[key] ?? undefined) : (a[key] ?? undefined);
  return {
    ...base,
    inicio: mudanca.inicio,
    fim: mudanca.fim,
    boxId: pick('boxId'),
    salaId: pick('salaId'),
    responsavelId: pick('responsavelId'),
  };
};

/** Server error keys of the body → the form's fields. */
export const CAMPOS_DO_SERVIDOR: Record<string, string> = {
  inicio: 'horaInicio',
  fim: 'horaFim',
  'levaETraz.endereco': 'levaEndereco',
  'levaETraz.horaBusca': 'horaBusca',
  'levaETraz.horaEntrega': 'horaEntrega',
  'levaETraz.valor': 'levaValor',
  'repeticao.intervaloSemanas': 'intervaloSemanas',
  'repeticao.ate': 'repetirAte',
};

/** 'yyyy-MM-dd' a year after `data` (the repetition's limit). */
export const umAnoDepois = (data: string): string => dayjs(data).add(1, 'year').format('YYYY-MM-DD');
