/**
 * A list filter of several values bound to one search param (an array in the URL, such as
 * `?status=Ativa,Pausada`): choosing writes the known values only and goes back to page 1;
 * none chosen shows `placeholder` ('Todos os status') and leaves the param empty.
 */
import { MultiSelect, type ComboboxItem } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';

type MultiSelectFilterProps<V extends string> = {
  /** The search param written ('status', 'tipoForma'). */
  param: string;
  /** Accessible name of the field. */
  label: string;
  /** Shown when nothing is chosen. */
  placeholder: string;
  data: readonly ComboboxItem[];
  value: readonly V[];
  /** Keeps the values the route's schema accepts. */
  isValue: (value: string) => value is V;
  w?: number;
};

export function MultiSelectFilter<V extends string>({
  param,
  label,
  placeholder,
  data,
  value,
  isValue,
  w,
}: MultiSelectFilterProps<V>) {
  const navigate = useNavigate();
  return (
    <MultiSelect
      aria-label={label}
      placeholder={value.length === 0 ? placeholder : undefined}
      data={data as ComboboxItem[]}
      value={value as V[]}
      onChange={(values) =>
        void navigate({
          to: '.',
          search: (prev: Record<string, unknown>) => ({ ...prev, [param]: values.filter(isValue), page: 1 }),
          replace: true,
        })
      }
      clearable
      w={w}
    />
  );
}
