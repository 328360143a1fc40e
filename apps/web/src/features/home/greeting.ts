/** 'Bom dia' before noon, 'Boa tarde' until 18h, 'Boa noite' after, on the unit's clock. */
export const greetingFor = (hour: number): string => (hour < 12 ? 'Bom dia' : hour < 18 ? 'Boa tarde' : 'Boa noite');

/** The hour (0–23) of `now` in a time zone. */
export const hourIn = (timeZone: string, now: Date = new Date()): number => {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now);
  return Number(hour);
};

export const firstName = (nome: string): string => nome.trim().split(/\s+/)[0] ?? nome;
