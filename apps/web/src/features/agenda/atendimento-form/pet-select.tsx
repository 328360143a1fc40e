/**
 * The booking form's pet search: the pet's name or a tutor's name (GET /animal/pets?query),
 * each option "Rex — Maria Silva" (principal tutor); the chosen pet keeps its label while the
 * text changes. Selecting hands the whole pet (its tutors) to the form.
 */
import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Pet } from '@petshop/shared/pet';
import { useMemo, useState } from 'react';
import { usePetsBusca } from '../api/list-pets.ts';
import { SelectField, type SelectFieldProps } from '#lib/ui/select-field.tsx';

const DEBOUNCE_MS = 250;

export const petLabel = (pet: Pick<Pet, 'nome' | 'tutores' | 'racaNome'>): string => {
  const tutor = pet.tutores[0]?.nome;
  const raca = pet.racaNome ? ` (${pet.racaNome})` : '';
  return tutor ? `${pet.nome}${raca} — ${tutor}` : `${pet.nome}${raca}`;
};

type PetSelectProps = Omit<SelectFieldProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  /** Label of the current value when it was not picked here (editing). */
  valueLabel?: string;
  onChange: (pet: Pet | null) => void;
};

export function PetSelect({ value, valueLabel, onChange, ...props }: PetSelectProps) {
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca, DEBOUNCE_MS);
  const [escolhido, setEscolhido] = useState<Pet | null>(null);
  const resultados = usePetsBusca(termo);

  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value) {
      const label = escolhido?.id === value ? petLabel(escolhido) : valueLabel;
      if (label) map.set(value, label);
    }
    for (const pet of resultados.data?.items ?? []) map.set(pet.id, petLabel(pet));
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [value, valueLabel, escolhido, resultados.data]);

  const pronto = termo.trim().length >= 2;
  return (
    <SelectField
      searchable
      clearable
      placeholder="Nome do pet ou do tutor"
      description={value || pronto ? undefined : 'Digite ao menos 2 letras do nome do pet ou do tutor'}
      // Only a finished search that found nothing says so (an open list without options is not valid ARIA).
      nothingFoundMessage={pronto && !resultados.isFetching && data.length === 0 ? 'Nenhum pet encontrado' : undefined}
      rightSection={resultados.isFetching ? <Loader size="xs" /> : undefined}
      {...props}
      data={data}
      value={value}
      searchValue={busca}
      onSearchChange={setBusca}
      filter={({ options }) => options}
      onChange={(id) => {
        const pet = (resultados.data?.items ?? []).find((p) => p.id === id) ?? null;
        setEscolhido(pet);
        onChange(pet);
      }}
    />
  );
}
