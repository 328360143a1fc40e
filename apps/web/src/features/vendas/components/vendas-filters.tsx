/**
 * Filters of the sales list (spec §5): period (two dates typed dd/MM/yyyy or picked), statuses,
 * customer. Each is a search param; changing one goes back to page 1.
 */
import { Button, Group, Menu, MultiSelect } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseDateInput } from '@petshop/shared/format';
import { STATUS_VENDA, STATUS_VENDA_LABEL, type StatusVenda } from '@petshop/shared/venda';
import { IconCalendarEvent, IconChevronDown } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { ClienteFilter } from './cliente-filter.tsx';
import { useSearchUpdater } from '../../../lib/list/use-search-updater.ts';
import { hojeNaUnidade } from '../../../lib/session/hoje-na-unidade.ts';
import type { VendasSearch } from '../vendas-search.ts';

const STATUS_OPTIONS = STATUS_VENDA.map((value) => ({ value, label: STATUS_VENDA_LABEL[value] }));
const isStatus = (value: string): value is StatusVenda => STATUS_VENDA.some((s) => s === value);

/** Ready-made periods, ending today (the unit's calendar day). */
export const periodosRapidos = (hoje: string): { label: string; dataInicio: string; dataFim: string }[] => {
  const d = dayjs(hoje);
  const iso = (x: dayjs.Dayjs) => x.format('YYYY-MM-DD');
  return [
    { label: 'Hoje', dataInicio: hoje, dataFim: hoje },
    { label: 'Ontem', dataInicio: iso(d.subtract(1, 'day')), dataFim: iso(d.subtract(1, 'day')) },
    { label: 'Últimos 7 dias', dataInicio: iso(d.subtract(6, 'day')), dataFim: hoje },
    { label: 'Este mês', dataInicio: iso(d.startOf('month')), dataFim: hoje },
    { label: 'Últimos 30 dias', dataInicio: iso(d.subtract(29, 'day')), dataFim: hoje },
  ];
};

export function VendasFilters({ search }: { search: VendasSearch }) {
  const updateSearch = useSearchUpdater();
  const navigate = useNavigate();

  const setPeriodo = (dataInicio: string, dataFim: string) =>
    void updateSearch({ dataInicio, dataFim: dataFim < dataInicio ? dataInicio : dataFim, page: 1 });

  const setStatuses = (statuses: StatusVenda[]) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, statuses, page: 1 }),
      replace: true,
    });

  return (
    <>
      <Group gap={6} wrap="wrap" align="flex-end">
        <DateInput
          aria-label="Data inicial"
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          value={search.dataInicio}
          onChange={(value) => {
            if (value) setPeriodo(value, search.dataFim);
          }}
          w={128}
          leftSection={<IconCalendarEvent size={16} />}
        />
        <DateInput
          aria-label="Data final"
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          value={search.dataFim}
          minDate={search.dataInicio}
          onChange={(value) => {
            if (value) void updateSearch({ dataFim: value < search.dataInicio ? search.dataInicio : value, page: 1 });
          }}
          w={128}
        />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" px="xs" aria-label="Períodos" rightSection={<IconChevronDown size={14} />}>
              Período
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {periodosRapidos(hojeNaUnidade()).map((p) => (
              <Menu.Item key={p.label} onClick={() => setPeriodo(p.dataInicio, p.dataFim)}>
                {p.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <MultiSelect
        aria-label="Status"
        placeholder={search.statuses.length === 0 ? 'Todos os status' : undefined}
        data={STATUS_OPTIONS}
        value={search.statuses}
        onChange={(values) => setStatuses(values.filter(isStatus))}
        clearable
        w={260}
      />
      <ClienteFilter clienteId={search.clienteId} onChange={(clienteId) => void updateSearch({ clienteId, page: 1 })} />
    </>
  );
}
