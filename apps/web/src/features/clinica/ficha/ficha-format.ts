/**
 * Formatting of the chart (pt-BR, spec §9): a record's local date-time, weights in kg with a
 * comma, and "now" in the unit's zone for a new record.
 */
import { zonedParts } from '@petshop/shared/format';

/** 'yyyy-MM-ddTHH:mm' (a record's dataLocal, already the unit's wall clock) → 'dd/MM/yyyy HH:mm'. */
export const formatDataLocal = (dataLocal: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(dataLocal);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : dataLocal;
};

/** 'yyyy-MM-dd' → 'dd/MM/yy' (the weight chart's axis). */
export const formatDataCurta = (data: string): string => {
  const m = /^(\d{2})(\d{2})-(\d{2})-(\d{2})/.exec(data);
  return m ? `${m[4]}/${m[3]}/${m[2]}` : data;
};

const numeroFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** A number the pt-BR way with up to 3 decimals ('12,35'), '' when null. */
export const formatNumero = (valor: number | null | undefined): string =>
  valor === null || valor === undefined ? '' : numeroFormat.format(valor);

/** kg with up to 3 decimals: '12,35 kg'. */
export const formatPeso = (kg: number | null | undefined): string =>
  kg === null || kg === undefined ? '' : `${formatNumero(kg)} kg`;

/** The unit's wall clock now, 'yyyy-MM-ddTHH:mm'. */
export const agoraNaUnidade = (timeZone: string, now: Date = new Date()): string => {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

/** Bytes as '245 KB' / '1,2 MB'. */
export const formatTamanho = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
};
