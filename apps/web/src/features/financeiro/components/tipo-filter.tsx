import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { SelectField } from '#lib/ui/select-field.tsx';

type TipoFilterProps = {
  /** The `tipo` search param. */
  tipo: string | undefined;
  /** Kinds with their labels. */
  options: readonly { value: string; label: string }[];
  /** Placeholder meaning "every kind" ('Todos os tipos'). */
  placeholder: string;
};

/** A 'Tipo' filter of a finance settings list, bound to the `tipo` search param. */
export function TipoFilter({ tipo, options, placeholder }: TipoFilterProps) {
  const updateSearch = useSearchUpdater();
  return (
    <SelectField
      label="Tipo"
      hideLabel
      placeholder={placeholder}
      data={[...options]}
      value={tipo ?? null}
      onChange={(value) => void updateSearch({ tipo: value ?? undefined, page: 1 })}
      clearable
      w={200}
    />
  );
}
