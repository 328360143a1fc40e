import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useEspecieOptions } from './especie-options.ts';

/** 'Espécie' filter of the breed and coat lists, bound to the `especieId` search param. */
export function EspecieFilter({ especieId }: { especieId: string | undefined }) {
  const updateSearch = useSearchUpdater();
  const options = useEspecieOptions(especieId);
  return (
    <SelectField
      label="Espécie"
      hideLabel
      placeholder="Todas as espécies"
      data={options}
      value={especieId ?? null}
      onChange={(value) => void updateSearch({ especieId: value ?? undefined, page: 1 })}
      clearable
      searchable
      w={200}
    />
  );
}
