/**
 * The ready-made periods of the report screens (issue #20): "Este mês", "Mês passado",
 * "Últimos 30 dias", "Este ano", "Últimos 12 meses", computed from today in the unit's time zone
 * ('yyyy-MM-dd', both days included). "Este mês" is the whole calendar month, as the API reads a
 * report without a period; "Últimos 12 meses" is the 12 whole months ending with the current one.
 */
import dayjs from 'dayjs';

export type PeriodoRapido = { label: string; dataInicio: string; dataFim: string };

const ISO = 'YYYY-MM-DD';

/** The presets for `hoje` ('yyyy-MM-dd'). */
export const periodosRapidos = (hoje: string): PeriodoRapido[] => {
  const d = dayjs(hoje);
  return [
    { label: 'Este mês', dataInicio: d.startOf('month').format(ISO), dataFim: d.endOf('month').format(ISO) },
    {
      label: 'Mês passado',
      dataInicio: d.subtract(1, 'month').startOf('month').format(ISO),
      dataFim: d.subtract(1, 'month').endOf('month').format(ISO),
    },
    { label: 'Últimos 30 dias', dataInicio: d.subtract(29, 'day').format(ISO), dataFim: hoje },
    { label: 'Este ano', dataInicio: d.startOf('year').format(ISO), dataFim: d.endOf('year').format(ISO) },
    {
      label: 'Últimos 12 meses',
      dataInicio: d.subtract(11, 'month').startOf('month').format(ISO),
      dataFim: d.endOf('month').format(ISO),
    },
  ];
};
