/**
 * The day and week grids of /atendimentos/ (issue #17 item 4): one row per box, room or
 * professional (@mantine/schedule ResourcesDayView / ResourcesWeekView), coloured by type,
 * with the status and financial badges; a click on an empty slot books there, a click on an
 * appointment opens it, drag moves it (time and row), the right edge resizes it.
 */
import '@mantine/schedule/styles.css';
import { Box, Group, Text } from '@mantine/core';
import type { Evento } from '@petshop/shared/agenda';
import {
  ResourcesDayView,
  ResourcesWeekView,
  type ScheduleEventData,
  type ScheduleLabelsOverride,
  type ScheduleResourceData,
} from '@mantine/schedule';
import { useMemo } from 'react';
import { daSchedule, paraSchedule, recursoDoEvento, SEM_RECURSO, type Agrupamento } from './periodo.ts';
import { StatusAtendimentoBadge, StatusFinanceiroBadge } from './status-badges.tsx';
import { RespostaConfirmacaoBadge } from '#lib/agenda/resposta-confirmacao-badge.tsx';

/** pt-BR labels of the schedule's own controls. */
export const SCHEDULE_LABELS: ScheduleLabelsOverride = {
  day: 'Dia',
  week: 'Semana',
  month: 'Mês',
  year: 'Ano',
  allDay: 'Dia inteiro',
  weekday: 'Dia da semana',
  timeSlot: 'Horário',
  today: 'Hoje',
  next: 'Próximo',
  previous: 'Anterior',
  more: 'Mais',
  noEvents: 'Nenhum atendimento',
  moreLabel: (n) => `+${n} atendimento${n === 1 ? '' : 's'}`,
  resource: 'Recurso',
  resources: 'Recursos',
  resourceSlot: 'Horário do recurso',
};

/** Statuses that can no longer be moved on the grid. */
const FIXOS = new Set<Evento['status']>(['Finalizado', 'Cancelado', 'NaoCompareceu']);

export type Movimento = { id: string; inicio: string; fim: string; resourceId?: string | number };

type AgendaGradeProps = {
  visao: 'dia' | 'semana';
  data: string;
  eventos: readonly Evento[];
  recursos: readonly { id: string; nome: string }[];
  agrupamento: Agrupamento;
  startTime: string;
  endTime: string;
  intervaloMinutos: number;
  /** Whether the user may book and move (permission agenda). */
  editavel: boolean;
  onSlotClick: (slot: { inicio: string; fim: string; resourceId: string }) => void;
  onEventoClick: (id: string) => void;
  onMover: (movimento: Movimento) => void;
  onRedimensionar: (movimento: Movimento) => void;
};

const corpoDoEvento = (event: ScheduleEventData<{ evento: Evento }>) => {
  const e = event.payload?.evento;
  if (!e) return event.title;
  const apagado = e.status === 'Cancelado' || e.status === 'NaoCompareceu';
  return (
    <Box
      data-testid="evento-agenda"
      data-status={e.status}
      style={{ color: 'var(--mantine-color-black)', opacity: apagado ? 0.7 : 1, overflow: 'hidden', textAlign: 'left' }}
    >
      <Text size="xs" fw={600} lh={1.2} truncate td={apagado ? 'line-through' : undefined}>
        {e.inicio.slice(11, 16)} {e.petNome} ({e.clienteNome}) · {e.tipoNome}
      </Text>
      <Group gap={4} wrap="nowrap" mt={2}>
        <StatusAtendimentoBadge status={e.status} size="xs" />
        <RespostaConfirmacaoBadge resposta={e.respostaConfirmacao} size="xs" />
        <StatusFinanceiroBadge status={e.statusFinanceiro} size="xs" />
      </Group>
    </Box>
  );
};

export function AgendaGrade({
  visao,
  data,
  eventos,
  recursos,
  agrupamento,
  startTime,
  endTime,
  intervaloMinutos,
  editavel,
  onSlotClick,
  onEventoClick,
  onMover,
  onRedimensionar,
}: AgendaGradeProps) {
  const resources = useMemo<ScheduleResourceData[]>(() => recursos.map((r) => ({ id: r.id, label: r.nome })), [recursos]);
  const events = useMemo<ScheduleEventData<{ evento: Evento }>[]>(() => {
    const ids = new Set(recursos.map((r) => r.id));
    return eventos.map((e) => {
      const recurso = recursoDoEvento(e, agrupamento);
      return {
        id: e.id,
        title: e.titulo,
        start: paraSchedule(e.inicio),
        end: paraSchedule(e.fim),
        color: e.cor,
        variant: 'light',
        resourceId: ids.has(recurso) ? recurso : SEM_RECURSO,
        payload: { evento: e },
      };
    });
  }, [eventos, recursos, agrupamento]);

  const podeMover = (event: ScheduleEventData) => {
    const e = (event.payload as { evento?: Evento } | undefined)?.evento;
    return editavel && e !== undefined && !FIXOS.has(e.status);
  };

  const comum = {
    date: data,
    resources,
    events,
    locale: 'pt-br',
    startTime,
    endTime,
    eventDragInterval: intervaloMinutos,
    eventResizeInterval: intervaloMinutos,
    slotLabelFormat: 'HH:mm',
    withHeader: false,
    labels: SCHEDULE_LABELS,
    renderEventBody: corpoDoEvento,
    withEventsDragAndDrop: editavel,
    canDragEvent: podeMover,
    withEventResize: editavel,
    canResizeEvent: podeMover,
    onEventDrop: ({
      eventId,
      newStart,
      newEnd,
      resourceId,
    }: {
      eventId: string | number;
      newStart: string;
      newEnd: string;
      resourceId?: string | number;
    }) => onMover({ id: String(eventId), inicio: daSchedule(newStart), fim: daSchedule(newEnd), resourceId }),
    onEventResize: ({ eventId, newStart, newEnd }: { eventId: string | number; newStart: string; newEnd: string }) =>
      onRedimensionar({ id: String(eventId), inicio: daSchedule(newStart), fim: daSchedule(newEnd) }),
    onTimeSlotClick: ({
      slotStart,
      slotEnd,
      resourceId,
    }: {
      slotStart: string;
      slotEnd: string;
      resourceId?: string | number;
    }) => {
      if (editavel)
        onSlotClick({ inicio: daSchedule(slotStart), fim: daSchedule(slotEnd), resourceId: String(resourceId ?? SEM_RECURSO) });
    },
    onEventClick: (event: ScheduleEventData) => onEventoClick(String(event.id)),
    maxEventsPerTimeSlot: 3,
    highlightBusinessHours: false,
  };

  return visao === 'dia' ? (
    <ResourcesDayView
      {...comum}
      intervalMinutes={intervaloMinutos}
      startScrollTime={startTime}
      slotWidth={intervaloMinutos <= 15 ? 56 : 96}
      rowHeight={72}
    />
  ) : (
    <ResourcesWeekView
      {...comum}
      intervalMinutes={60}
      firstDayOfWeek={0}
      weekdayFormat="ddd D"
      startScrollDateTime={`${data} ${startTime}`}
      slotWidth={56}
      rowHeight={72}
    />
  );
}
