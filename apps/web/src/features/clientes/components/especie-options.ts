import type { OptionsFilter } from '@mantine/core';
import type { Raca } from '@petshop/shared/especie';
import { useMemo } from 'react';
import { especiesApi } from '../api/especies.ts';
import { racasApi } from '../api/racas.ts';

export type Option = { value: string; label: string };

/**
 * Active species for a select, plus the one already chosen even when it was deactivated
 * (so an old record still shows its value).
 */
export const useEspecieOptions = (current?: string | null): Option[] => {
  const especies = especiesApi.useOptions();
  return useMemo(
    () =>
      (especies.data?.items ?? [])
        .filter((e) => e.ativo || e.id === current)
        .map((e) => ({ value: e.id, label: e.ativo ? e.nome : `${e.nome} (inativa)` })),
    [especies.data, current],
  );
};

/** Active breeds of a species (none until a species is chosen), plus the chosen one. */
export const useRacas = (especieId: string | null | undefined) => {
  const racas = racasApi.useOptions({ especieId: especieId ?? undefined }, Boolean(especieId));
  return especieId ? (racas.data?.items ?? []) : [];
};

const semAcento = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Filter of the breed select: what was typed is found in the breed's name or synonyms
 * ('vira-lata' finds SRD), ignoring case and accents, in the API's order (SRD first).
 */
export const useRacaFilter = (racas: readonly Raca[]): OptionsFilter =>
  useMemo(() => {
    const textoDe = new Map(racas.map((r) => [r.id, semAcento(`${r.nome} ${r.sinonimos ?? ''}`)]));
    return ({ options, search }) => {
      const termo = semAcento(search.trim());
      if (!termo) return options;
      return options.filter((o) => 'value' in o && (textoDe.get(o.value) ?? semAcento(o.label)).includes(termo));
    };
  }, [racas]);
