/**
 * Time a pet has been in its current stage of the board ("há 25 min"), from the appointment's
 * `atividadeDesde` (ISO instant) and a clock that ticks every 30 s.
 */
import { useEffect, useState } from 'react';

/** How often the board's clock ticks (ms): the time in stage is shown in whole minutes. */
export const TICK_MS = 30_000;

/**
 * "há menos de 1 min", "há 25 min", "há 1 h", "há 2 h 05 min", "há 3 d 11 h" from `desde` (ISO
 * instant) to `agora`; a future or invalid instant reads as less than a minute.
 */
export const formatTempoNaEtapa = (desde: string, agora: Date): string => {
  const inicio = Date.parse(desde);
  const minutos = Number.isNaN(inicio) ? 0 : Math.floor((agora.getTime() - inicio) / 60_000);
  if (minutos < 1) return 'há menos de 1 min';
  if (minutos < 60) return `há ${minutos} min`;
  const horas = Math.floor(minutos / 60);
  if (horas >= 24) return horas % 24 === 0 ? `há ${horas / 24} d` : `há ${Math.floor(horas / 24)} d ${horas % 24} h`;
  const resto = minutos % 60;
  return resto === 0 ? `há ${horas} h` : `há ${horas} h ${String(resto).padStart(2, '0')} min`;
};

/** The current instant, re-read every `intervalMs` (30 s by default) while mounted. */
export const useAgora = (intervalMs: number = TICK_MS): Date => {
  const [agora, setAgora] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setAgora(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return agora;
};

/**
 * What the card says of its stage. Waiting (Aguardando) counts from the scheduled start, not
 * from the booking (booked a week ago is not "waiting for a week"): before the start it reads
 * "chega às 14:00"; after it, the time since the later of the start and the last move back to
 * Aguardando. `inicio` is the unit's local 'yyyy-MM-ddTHH:mm' (read in the browser's zone).
 */
export const formatEtapa = (a: { atividade: string; atividadeDesde: string; inicio: string }, agora: Date): string => {
  if (a.atividade !== 'Aguardando') return formatTempoNaEtapa(a.atividadeDesde, agora);
  const inicio = new Date(a.inicio).getTime();
  if (Number.isNaN(inicio)) return formatTempoNaEtapa(a.atividadeDesde, agora);
  if (inicio > agora.getTime()) return `chega às ${a.inicio.slice(11, 16)}`;
  const desde = Math.max(inicio, Date.parse(a.atividadeDesde) || 0);
  return formatTempoNaEtapa(new Date(desde).toISOString(), agora);
};
