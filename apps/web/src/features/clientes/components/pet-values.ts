/** Form values of a pet (@petshop/shared/pet) and of the 'Primeiro pet' of a new customer. */
import type { Porte } from '@petshop/shared/especie';
import { formatDate } from '@petshop/shared/format';
import { createPetInputSchema, type Pet } from '@petshop/shared/pet';
import { z } from 'zod';

export type PetBasicoValues = {
  nome: string;
  especieId: string | null;
  racaId: string | null;
  sexo: 'M' | 'F' | null;
  /** dd/mm/aaaa as typed. */
  dataNascimento: string;
  porte: Porte | null;
};

export type PetFormValues = PetBasicoValues & {
  pelagemId: string | null;
  castrado: boolean;
  idadeEstimadaMeses: number | string;
  microchip: string;
  /** kg. */
  peso: number | string;
  agressivo: boolean;
  usaFocinheira: boolean;
  alergias: string;
  observacoes: string;
  dataObito: string;
  ativo: boolean;
  tutores: { pessoaId: string; principal: boolean }[];
  removerFoto: boolean;
};

export const emptyPetBasico = (): PetBasicoValues => ({
  nome: '',
  especieId: null,
  racaId: null,
  sexo: null,
  dataNascimento: '',
  porte: null,
});

/** A new pet of `pessoaId` (its principal tutor), or an existing pet with its own tutors. */
export const petValues = (pessoaId: string, pet?: Pet): PetFormValues => ({
  nome: pet?.nome ?? '',
  especieId: pet?.especieId ?? null,
  racaId: pet?.racaId ?? null,
  sexo: pet?.sexo ?? null,
  dataNascimento: pet?.dataNascimento ? formatDate(pet.dataNascimento) : '',
  porte: pet?.porte ?? null,
  pelagemId: pet?.pelagemId ?? null,
  castrado: pet?.castrado ?? false,
  idadeEstimadaMeses: pet?.idadeEstimadaMeses ?? '',
  microchip: pet?.microchip ?? '',
  peso: pet?.peso ?? '',
  agressivo: pet?.agressivo ?? false,
  usaFocinheira: pet?.usaFocinheira ?? false,
  alergias: pet?.alergias ?? '',
  observacoes: pet?.observacoes ?? '',
  dataObito: pet?.dataObito ? formatDate(pet.dataObito) : '',
  ativo: pet?.ativo ?? true,
  tutores: pet ? pet.tutores.map((t) => ({ pessoaId: t.pessoaId, principal: t.principal })) : [{ pessoaId, principal: true }],
  removerFoto: false,
});

const petShape = createPetInputSchema.shape;

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The optional first pet of a new customer, with the contract's own field rules: absent when
 * every field is blank, otherwise the name is required like on any pet.
 */
export const primeiroPetSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && Object.values(value).every(isBlank) ? undefined : value),
  z
    .object({
      nome: petShape.nome,
      especieId: petShape.especieId,
      racaId: petShape.racaId,
      sexo: petShape.sexo,
      dataNascimento: petShape.dataNascimento,
      porte: petShape.porte,
    })
    .optional(),
);
export type PrimeiroPet = z.output<typeof primeiroPetSchema>;
