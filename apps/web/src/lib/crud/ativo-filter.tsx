import { SegmentedControl } from '@mantine/core';
import { useSearchUpdater } from '../list/use-search-updater.ts';

const ATIVO_OPTIONS = [
  { value: 'todos', label: 'Todos' },
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];

/** 'Todos / Ativos / Inativos' bound to the `ativo` search param of a list. */
export function AtivoFilter({ ativo }: { ativo: boolean | undefined }) {
  const updateSearch = useSearchUpdater();
  return (
    <SegmentedControl
      aria-label="Situação"
      data={ATIVO_OPTIONS}
      value={ativo === undefined ? 'todos' : String(ativo)}
      onChange={(value) => void updateSearch({ ativo: value === 'todos' ? undefined : value === 'true', page: 1 })}
    />
  );
}
