/** The breed select's filter: synonyms and accents (issue #15: "vira-lata" finds SRD). */
import type { ComboboxItem } from '@mantine/core';
import type { Raca } from '@petshop/shared/especie';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRacaFilter } from './especie-options.ts';

const raca = (id: string, nome: string, sinonimos: string | null = null): Raca => ({
  id,
  nome,
  especieId: 'canina',
  especieNome: 'Canina',
  porte: null,
  sinonimos,
  ativo: true,
});
const RACAS = [raca('srd', 'SRD (sem raça definida)', 'vira-lata'), raca('beagle', 'Beagle'), raca('spitz', 'Spitz Alemão')];
const OPTIONS: ComboboxItem[] = RACAS.map((r) => ({ value: r.id, label: r.nome }));

describe('useRacaFilter', () => {
  const { result } = renderHook(() => useRacaFilter(RACAS));
  const filtrar = (search: string) =>
    (result.current({ options: OPTIONS, search, limit: Infinity }) as ComboboxItem[]).map((o) => o.value);

  it('finds a breed by its synonym or name, ignoring case and accents, in the given order', () => {
    expect(filtrar('vira-lata')).toEqual(['srd']);
    expect(filtrar('VIRA')).toEqual(['srd']);
    expect(filtrar('sem raca')).toEqual(['srd']);
    expect(filtrar('alemao')).toEqual(['spitz']);
    expect(filtrar('')).toEqual(['srd', 'beagle', 'spitz']);
    expect(filtrar('a')).toEqual(['srd', 'beagle', 'spitz']);
  });
});
