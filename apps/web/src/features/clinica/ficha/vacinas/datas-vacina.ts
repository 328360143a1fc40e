/**
 * Calendar arithmetic of the vaccination card (issue #19 items 2–3), on 'yyyy-MM-dd' dates as the
 * API writes them (the unit's calendar; no time zone involved).
 */
import type { Planejamento, Protocolo } from '@petshop/shared/clinica';

/** A pending dose due within this many days (from today) shows as "due soon" (orange). */
export const DIAS_DOSE_PROXIMA = 7;

const utc = (data: string): number => {
  const [y, m, d] = data.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

/** `data` + `dias` days, 'yyyy-MM-dd'. */
export const somarDias = (data: string, dias: number): string =>
  new Date(utc(data) + dias * 86_400_000).toISOString().slice(0, 10);

/** Whole days from `de` to `ate` (positive when `ate` is later). */
export const diasEntre = (de: string, ate: string): number => Math.round((utc(ate) - utc(de)) / 86_400_000);

export type SituacaoDose =
  | { tipo: 'atrasada'; dias: number }
  | { tipo: 'hoje' }
  | { tipo: 'proxima'; dias: number }
  | { tipo: 'futura'; dias: number }
  | { tipo: 'aplicada' };

/**
 * Where a planned dose stands on `hoje`: overdue by N days (pending, due before today — the API's
 * derived 'atrasada'), due today, due within DIAS_DOSE_PROXIMA days, later, or applied.
 */
export const situacaoDose = (dose: Pick<Planejamento, 'status' | 'dataPrevista'>, hoje: string): SituacaoDose => {
  if (dose.status === 'aplicada') return { tipo: 'aplicada' };
  const dias = diasEntre(hoje, dose.dataPrevista);
  if (dias < 0) return { tipo: 'atrasada', dias: -dias };
  if (dias === 0) return { tipo: 'hoje' };
  return dias <= DIAS_DOSE_PROXIMA ? { tipo: 'proxima', dias } : { tipo: 'futura', dias };
};

/** 'atrasada há 3 dias', 'vence hoje', 'em 5 dias'; null for a later or applied dose. */
export const textoSituacao = (situacao: SituacaoDose): string | null => {
  switch (situacao.tipo) {
    case 'atrasada':
      return `atrasada há ${situacao.dias} ${situacao.dias === 1 ? 'dia' : 'dias'}`;
    case 'hoje':
      return 'vence hoje';
    case 'proxima':
      return `em ${situacao.dias} ${situacao.dias === 1 ? 'dia' : 'dias'}`;
    default:
      return null;
  }
};

export type DosePrevista = { descricao: string; data: string };

/**
 * The dates *aplicar protocolo* plans from `inicio`: the first dose at inicio + its interval,
 * each next one at the previous + its interval (the API's rule, datas-protocolo.ts). The booster
 * is not planned here: registrar vacina plans it after the last dose.
 */
export const datasDoProtocolo = (protocolo: Pick<Protocolo, 'doses'>, inicio: string): DosePrevista[] => {
  let data = inicio;
  return protocolo.doses.map((dose) => {
    data = somarDias(data, dose.intervaloDias);
    return { descricao: dose.descricao, data };
  });
};

export type ProximaDosePrevista = {
  /** 'yyyy-MM-dd' */
  data: string;
  /** What it is: the protocol's next dose name, or 'Reforço'. */
  descricao: string;
  /** true: already planned (the protocol's next pending dose); false: the booster the API will plan. */
  jaPlanejada: boolean;
};

/**
 * What registrar vacina plans after the dose `planejada` (the API's rule when `proximaDose` is not
 * sent, issue #19 item 3): the next pending dose of the same protocol application, already planned;
 * else, after the protocol's last dose, the booster at `dataAplicacao` + reforcoDias; else nothing.
 */
export const proximaDosePrevista = (
  planejada: Planejamento | null,
  planejadas: readonly Planejamento[],
  protocolos: readonly Pick<Protocolo, 'id' | 'doses' | 'reforcoDias'>[],
  dataAplicacao: string,
): ProximaDosePrevista | null => {
  if (!planejada) return null;
  if (planejada.aplicacaoProtocoloId) {
    const seguinte = planejadas
      .filter(
        (p) =>
          p.id !== planejada.id &&
          p.status !== 'aplicada' &&
          p.aplicacaoProtocoloId === planejada.aplicacaoProtocoloId &&
          (p.ordem ?? 0) > (planejada.ordem ?? 0),
      )
      .sort((a, b) => (a.ordem ?? 0) - (b.ordem ?? 0))[0];
    if (seguinte) return { data: seguinte.dataPrevista, descricao: seguinte.descricao, jaPlanejada: true };
  }
  const protocolo = protocolos.find((p) => p.id === planejada.protocoloId);
  if (!protocolo?.reforcoDias || !dataAplicacao) return null;
  const ultima = planejada.ordem === null || planejada.ordem >= protocolo.doses.length;
  if (!ultima) return null;
  return {
    data: somarDias(dataAplicacao, protocolo.reforcoDias),
    descricao: protocolo.reforcoDias === 365 ? 'Reforço anual' : 'Reforço',
    jaPlanejada: false,
  };
};
