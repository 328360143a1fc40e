/** A duration in minutes as people read it: 90 → '1h 30min', 60 → '1h', 45 → '45min'. */
export const formatDuracao = (minutos: number): string => {
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  if (h === 0) return `${m}min`;
  return m === 0 ? `${h}h` : `${h}h ${m}min`;
};
