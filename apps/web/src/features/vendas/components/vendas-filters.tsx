/**
 * Filters of the sales list (spec §5): period (two dates typed dd/MM/yyyy or picked), statuses,
 * customer. Each is a search param; changing one goes back to page 1.
 */
import { MultiSelect } from '@mantine/core';
import { STATUS_VENDA, STATUS_VENDA_LABEL, type StatusVenda } from '@petshop/shared/venda';
import { useNavigate } from '@tanstack/react-router';
import { ClienteFilter } from './cliente-filter.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import type { VendasSearch } from '../vendas-search.ts';

const STATUS_OPTIONS = STATUS_VENDA.map((value) => ({ value, label: STATUS_VENDA_LABEL[value] }));
const isStatus = (value: string): value is StatusVenda => STATUS_VENDA.some((s) => s === value);

export function VendasFilters({ search }: { search: VendasSearch }) {
  const updateSearch = useSearchUpdater();
  const navigate = useNavigate();

  const setPeriodo = (dataInicio: string, dataFim: string) => void updateSearch({ dataInicio, dataFim, page: 1 });

  const setStatuses = (statuses: StatusVenda[]) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, statuses, page: 1 }),
      replace: true,
    });

  return (
    <>
      <PeriodoFilter dataInicio={search.dataInicio} dataFim={search.dataFim} onChange={setPeriodo} />
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
