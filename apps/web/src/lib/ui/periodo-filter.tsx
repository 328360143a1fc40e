/**
 * A period filter: two dates (typed dd/MM/yyyy or picked) and ready-made periods ending today
 * (the unit's calendar day). Changing it goes back to page 1.
 */
import { Button, Group, Menu } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseDateInput } from '@petshop/shared/format';
import { IconCalendarEvent, IconChevronDown } from '@tabler/icons-react';
import { diasAtras, hojeNaUnidade } from '../session/hoje-na-unidade.ts';

const periodosRapidos = (hoje: string) => [
  { label: 'Hoje', dataInicio: hoje, dataFim: hoje },
  { label: 'Ontem', dataInicio: diasAtras(hoje, 1), dataFim: diasAtras(hoje, 1) },
  { label: 'Últimos 7 dias', dataInicio: diasAtras(hoje, 6), dataFim: hoje },
  { label: 'Este mês', dataInicio: `${hoje.slice(0, 8)}01`, dataFim: hoje },
  { label: 'Últimos 30 dias', dataInicio: diasAtras(hoje, 29), dataFim: hoje },
  { label: 'Últimos 90 dias', dataInicio: diasAtras(hoje, 89), dataFim: hoje },
];

type PeriodoFilterProps = {
  dataInicio: string;
  dataFim: string;
  onChange: (dataInicio: string, dataFim: string) => void;
};

export function PeriodoFilter({ dataInicio, dataFim, onChange }: PeriodoFilterProps) {
  const set = (inicio: string, fim: string) => onChange(inicio, fim < inicio ? inicio : fim);
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <DateInput
        aria-label="Data inicial"
        placeholder="dd/mm/aaaa"
        valueFormat="DD/MM/YYYY"
        dateParser={(text) => parseDateInput(text)}
        value={dataInicio}
        onChange={(value) => {
          if (value) set(value, dataFim);
        }}
        // Wide enough for 'dd/mm/aaaa' whole beside the icon (128 px clipped it to 'dd/mm/aaa').
        w={148}
        leftSection={<IconCalendarEvent size={16} />}
      />
      <DateInput
        aria-label="Data final"
        placeholder="dd/mm/aaaa"
        valueFormat="DD/MM/YYYY"
        dateParser={(text) => parseDateInput(text)}
        value={dataFim}
        minDate={dataInicio}
        onChange={(value) => {
          if (value) set(dataInicio, value);
        }}
        w={128}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" px="xs" rightSection={<IconChevronDown size={14} />}>
            Período
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {periodosRapidos(hojeNaUnidade()).map((p) => (
            <Menu.Item key={p.label} onClick={() => set(p.dataInicio, p.dataFim)}>
              {p.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
