/**
 * Species (espécies), breeds (raças) and coats (pelagens) of the animals a shop serves.
 * Source: DOMAIN.md §3; spec §7 "Animals" (/api/animal/especies, /racas, /pelagens).
 * Shared by all units of a tenant. Names are unique per tenant (breeds and coats: per
 * species), ignoring case and accents. A breed carries the default size (porte) a new pet
 * of that breed starts with. Delete is refused while pets or breeds use the record
 * (deactivate it instead: `ativo: false` hides it from new choices).
 */
import { z } from 'zod';
import { listQuerySchema } from './http.ts';
import { optional, optionalText, requiredText } from './validators.ts';

/** Sizes of an animal (DOMAIN.md §3): key stored and sent, label shown. */
export const PORTES = { mini: 'Mini', pequeno: 'Pequeno', medio: 'Médio', grande: 'Grande', gigante: 'Gigante' } as const;
export type Porte = keyof typeof PORTES;
export const PORTE_IDS = Object.keys(PORTES) as [Porte, ...Porte[]];
export const porteSchema = z.enum(PORTE_IDS, { error: 'Porte inválido' });

const idSchema = (label: string) => z.uuid({ error: `${label} inválida` });

/** `ativo` filter of the lists: absent lists all. */
const ativoFilter = optional(z.enum(['true', 'false'], { error: 'Filtro inválido' }));

// ---------------------------------------------------------------------------------------------
// Espécies
// ---------------------------------------------------------------------------------------------

export const especieInputSchema = z.object({
  nome: requiredText('Nome', 60),
  ativo: z.boolean().default(true),
});
export type EspecieInput = z.input<typeof especieInputSchema>;

export const especieSchema = z.object({
  id: z.string(),
  nome: z.string(),
  ativo: z.boolean(),
});
export type Especie = z.infer<typeof especieSchema>;

export const listEspeciesQuerySchema = listQuerySchema.extend({ ativo: ativoFilter });
export type ListEspeciesQuery = z.infer<typeof listEspeciesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Raças
// ---------------------------------------------------------------------------------------------

export const racaInputSchema = z.object({
  nome: requiredText('Nome', 60),
  especieId: idSchema('Espécie'),
  /** Default size of a pet of this breed; absent for species where size does not apply. */
  porte: optional(porteSchema),
  /** Other names the breed is found by, e.g. 'vira-lata' for SRD (searched like the name). */
  sinonimos: optionalText('Sinônimos', 200),
  ativo: z.boolean().default(true),
});
export type RacaInput = z.input<typeof racaInputSchema>;

export const racaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  especieId: z.string(),
  especieNome: z.string(),
  /** One of PORTES' keys, or null when the breed has no default size. */
  porte: porteSchema.nullable(),
  /** Other names the breed is found by ('vira-lata'), or null. */
  sinonimos: z.string().nullable(),
  ativo: z.boolean(),
});
export type Raca = z.infer<typeof racaSchema>;

export const listRacasQuerySchema = listQuerySchema.extend({
  especieId: optional(z.uuid({ error: 'Espécie inválida' })),
  ativo: ativoFilter,
});
export type ListRacasQuery = z.infer<typeof listRacasQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Pelagens
// ---------------------------------------------------------------------------------------------

export const pelagemInputSchema = z.object({
  nome: requiredText('Nome', 60),
  especieId: idSchema('Espécie'),
  ativo: z.boolean().default(true),
});
export type PelagemInput = z.input<typeof pelagemInputSchema>;

export const pelagemSchema = z.object({
  id: z.string(),
  nome: z.string(),
  especieId: z.string(),
  especieNome: z.string(),
  ativo: z.boolean(),
});
export type Pelagem = z.infer<typeof pelagemSchema>;

export const listPelagensQuerySchema = listQuerySchema.extend({
  especieId: optional(z.uuid({ error: 'Espécie inválida' })),
  ativo: ativoFilter,
});
export type ListPelagensQuery = z.infer<typeof listPelagensQuerySchema>;
