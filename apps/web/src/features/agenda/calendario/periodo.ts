/**
 * Pure date and resource arithmetic of the calendar /atendimentos/ (issue #17 item 4): the
 * range a view shows, the visible hours from the unit's opening hours, the conversion between
 * the API's local 'yyyy-MM-ddTHH:mm' and @mantine/schedule's 'YYYY-MM-DD HH:mm:ss', and the
 * resource an appointment sits on under each grouping.
 */
import type { AgendaConfiguracoes, Evento, Eventos } from '@petshop/shared/agenda';
import dayjs from 'dayjs';
import { AGRUPAMENTOS, VISOES, type Agrupamento, type Visao } from './visoes.ts';

export { AGRUPAMENTOS, VISOES, type Agrupamento, type Visao };

export const AGRUPAMENTO_LABEL: Record<Agrupamento, string> = { box: 'Box', sala: 'Sala', profissional: 'Profissional' };

/** The pseudo-resource of appointments without a box / room / professional. */
export const SEM_RECURSO = 'sem-recurso';

const ISO_DATE = 'YYYY-MM-DD';

/**
 * The days a view shows, 'yyyy-MM-dd' inclusive: its week from domingo (firstDayOfWeek 0) for
 * the week, the day for the day and the list.
 */
export const periodoDaVisao = (data: string, visao: Visao): { dataInicio: string; dataFim: string } => {
  if (visao !== 'semana') return { dataInicio: data, dataFim: data };
  const d = dayjs(data);
  const inicio = d.subtract(d.day(), 'day');
  return { dataInicio: inicio.format(ISO_DATE), dataFim: inicio.add(6, 'day').format(ISO_DATE) };
};

/** The date ‹ › moves to: a day or a week (the list moves by the day too, its range is the day). */
export const deslocarData = (data: string, visao: Visao, passo: 1 | -1): string =>
  dayjs(data)
    .add(passo, visao === 'semana' ? 'week' : 'day')
    .format(ISO_DATE);

/** 'yyyy-MM-ddTHH:mm' (API) → 'YYYY-MM-DD HH:mm:ss' (schedule). */
export const paraSchedule = (local: string): string => `${local.slice(0, 10)} ${local.slice(11, 16)}:00`;

/** 'YYYY-MM-DD HH:mm:ss' (schedule) → 'yyyy-MM-ddTHH:mm' (API). */
export const daSchedule = (value: string): string => `${value.slice(0, 10)}T${value.slice(11, 16)}`;

const minutos = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hora = (min: number): string => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;

/**
 * Visible hours 'HH:mm:ss' of the range: from the earliest opening to the latest closing of
 * its open days (every open day when none of them opens; 08:00–18:00 without settings),
 * widened to whole hours and to the appointments shown, so nothing falls outside.
 */
export const horasVisiveis = (
  configuracoes: AgendaConfiguracoes | undefined,
  periodo: { dataInicio: string; dataFim: string },
  eventos: readonly Pick<Evento, 'inicio' | 'fim'>[],
): { startTime: string; endTime: string } => {
  let inicio = 8 * 60;
  let fim = 18 * 60;
  if (configuracoes) {
    const dias = new Set<number>();
    for (let d = dayjs(periodo.dataInicio); !d.isAfter(dayjs(periodo.dataFim)); d = d.add(1, 'day')) dias.add(d.day());
    let abertos = configuracoes.horarios.filter((h) => h.aberto && dias.has(h.diaSemana));
    if (abertos.length === 0) abertos = configuracoes.horarios.filter((h) => h.aberto);
    if (abertos.length > 0) {
      inicio = Math.min(...abertos.map((h) => minutos(h.abre)));
      fim = Math.max(...abertos.map((h) => minutos(h.fecha)));
    }
  }
  for (const e of eventos) {
    const dataFim = e.fim.slice(0, 10);
    inicio = Math.min(inicio, minutos(e.inicio.slice(11, 16)));
    fim = Math.max(fim, dataFim > e.inicio.slice(0, 10) ? 24 * 60 : minutos(e.fim.slice(11, 16)));
  }
  inicio = Math.floor(inicio / 60) * 60;
  fim = Math.min(24 * 60, Math.ceil(fim / 60) * 60);
  return { startTime: hora(inicio), endTime: fim >= 24 * 60 ? '23:59:59' : hora(fim) };
};

/** The resource id of an appointment under a grouping (SEM_RECURSO when it has none). */
export const recursoDoEvento = (evento: Pick<Evento, 'boxId' | 'salaId' | 'responsavelId'>, agrupamento: Agrupamento): string =>
  (agrupamento === 'box' ? evento.boxId : agrupamento === 'sala' ? evento.salaId : evento.responsavelId) ?? SEM_RECURSO;

/**
 * The rows of the grouping: the unit's active boxes / rooms / professionals, plus "Sem box" /
 * "Sem sala" / "Sem profissional" when some appointment of the range has none.
 */
export const recursosDoAgrupamento = (
  dados: Pick<Eventos, 'eventos' | 'recursos'>,
  agrupamento: Agrupamento,
): { id: string; nome: string }[] => {
  const lista =
    agrupamento === 'box'
      ? dados.recursos.boxes.filter((b) => b.ativo)
      : agrupamento === 'sala'
        ? dados.recursos.salas.filter((s) => s.ativo)
        : dados.recursos.profissionais;
  const rows = lista.map((r) => ({ id: r.id, nome: r.nome }));
  const ids = new Set(rows.map((r) => r.id));
  if (dados.eventos.some((e) => !ids.has(recursoDoEvento(e, agrupamento)))) {
    rows.push({ id: SEM_RECURSO, nome: `Sem ${AGRUPAMENTO_LABEL[agrupamento].toLowerCase()}` });
  }
  return rows;
};

/** The resource fields a drop on row `resourceId` sets (the other groupings' fields kept). */
export const recursoDoDrop = (
  agrupamento: Agrupamento,
  resourceId: string | number | undefined,
): Partial<Record<'boxId' | 'salaId' | 'responsavelId', string | null>> => {
  if (resourceId === undefined) return {};
  const id = String(resourceId) === SEM_RECURSO ? null : String(resourceId);
  if (agrupamento === 'box') return { boxId: id };
  if (agrupamento === 'sala') return { salaId: id };
  return { responsavelId: id };
};
