/**
 * Pets (animals of the customers). Source: DOMAIN.md §3; spec §7 "Animals" (/api/animal/pets).
 * Shared by all units of a tenant.
 *
 * Create and update are multipart: a `dados` part with this JSON and an optional `foto`
 * image (plain JSON is accepted too).
 *
 * Rules: at least one tutor (a pessoa of the tenant), exactly one of them `principal` (the
 * first when none is marked); the breed and the coat must belong to the species (a breed
 * alone sets the species); `porte` absent takes the breed's default size; microchip of 15
 * digits (ISO 11784/11785 FDX-B), unique per tenant; weight in kg with up to 3 decimals
 * (Brazilian text '4,5' accepted); dates 'dd/MM/yyyy' or 'yyyy-MM-dd', never in the future,
 * death not before birth. `peso` is the current weight; its history comes with the clinic.
 * A deceased pet (`dataObito` set) keeps showing in lists (the UI flags it) and gets no
 * reminders.
 */
import { z } from 'zod';
import { porteSchema } from './especie.ts';
import { parseBrazilianNumber, roundQuantidade } from './format.ts';
import { listQuerySchema } from './http.ts';
import { dataInputSchema } from './pessoa.ts';
import { onlyDigits, optional, optionalText, requiredText } from './validators.ts';

export { PORTES, type Porte } from './especie.ts';

/** Sexes of an animal: key stored and sent, label shown. */
export const SEXOS_PET = { M: 'Macho', F: 'Fêmea' } as const;

/** Most tutors a pet has. */
export const MAX_TUTORES = 5;

/** Largest weight accepted, kg (numeric(8,3)). */
export const PESO_MAXIMO = 9999.999;

const uuidOf = (message: string) => z.uuid({ error: message });

export const petTutorInputSchema = z.object({
  pessoaId: uuidOf('Tutor inválido'),
  principal: z.boolean().optional(),
});

/** Tutors: 1..5 distinct people, at most one marked principal; the first is principal when none is. */
const tutoresSchema = z
  .array(petTutorInputSchema, { error: 'Informe ao menos um tutor' })
  .min(1, { error: 'Informe ao menos um tutor' })
  .max(MAX_TUTORES, { error: `Informe no máximo ${MAX_TUTORES} tutores` })
  .refine((list) => new Set(list.map((t) => t.pessoaId)).size === list.length, { error: 'Cada tutor só pode aparecer uma vez' })
  .refine((list) => list.filter((t) => t.principal).length <= 1, { error: 'Apenas um tutor pode ser o principal' })
  .transform((list) => {
    const principal = Math.max(
      0,
      list.findIndex((t) => t.principal),
    );
    return list.map((t, i) => ({ pessoaId: t.pessoaId, principal: i === principal }));
  });

/** 15 digits (ISO 11784/11785); spaces, dots and dashes typed with it are dropped. */
export const microchipSchema = z
  .string({ error: 'Microchip inválido' })
  .transform(onlyDigits)
  .refine((v) => /^\d{15}$/.test(v), { error: 'Microchip deve ter 15 dígitos (padrão ISO 11784)' });

/** Weight in kg: a number or Brazilian text ('4,5'), > 0, rounded to 3 decimals. */
export const pesoSchema = z
  .preprocess(
    (v) => (typeof v === 'string' ? (parseBrazilianNumber(v) ?? v) : v),
    z.number({ error: 'Peso inválido' }).gt(0, { error: 'Peso deve ser maior que zero' }).max(PESO_MAXIMO, {
      error: 'Peso inválido',
    }),
  )
  .transform((v) => roundQuantidade(v, true));

const petBase = {
  nome: requiredText('Nome', 60),
  tutores: tutoresSchema,
  especieId: optional(uuidOf('Espécie inválida')),
  racaId: optional(uuidOf('Raça inválida')),
  pelagemId: optional(uuidOf('Pelagem inválida')),
  sexo: optional(z.enum(['M', 'F'], { error: 'Sexo inválido' })),
  castrado: z.boolean().default(false),
  dataNascimento: optional(dataInputSchema('Data de nascimento', { ateHoje: true })),
  /** When the birth date is unknown: estimated age in months at registration. */
  idadeEstimadaMeses: optional(
    z.coerce
      .number({ error: 'Idade estimada inválida' })
      .int({ error: 'Idade estimada deve ser um número inteiro de meses' })
      .min(0, { error: 'Idade estimada inválida' })
      .max(600, { error: 'Idade estimada inválida' }),
  ),
  /** Absent: the breed's default size. */
  porte: optional(porteSchema),
  microchip: optional(microchipSchema),
  peso: optional(pesoSchema),
  agressivo: z.boolean().default(false),
  usaFocinheira: z.boolean().default(false),
  alergias: optionalText('Alergias', 500),
  observacoes: optionalText('Observações', 2000),
  dataObito: optional(dataInputSchema('Data de óbito', { ateHoje: true })),
  ativo: z.boolean().default(true),
  /** true removes the stored photo (ignored when a new `foto` is sent). */
  removerFoto: z.boolean().optional(),
};

const obitoDepoisDoNascimento = (pet: { dataNascimento?: string | undefined; dataObito?: string | undefined }) =>
  !pet.dataNascimento || !pet.dataObito || pet.dataObito >= pet.dataNascimento;
const obitoError = { error: 'Data de óbito não pode ser anterior ao nascimento', path: ['dataObito'] };

/** POST body (`dados` part). */
export const createPetInputSchema = z.object(petBase).refine(obitoDepoisDoNascimento, obitoError);
export type CreatePetInput = z.input<typeof createPetInputSchema>;
export type CreatePetInputParsed = z.output<typeof createPetInputSchema>;

/** PUT /{id} body (`dados` part): every field, as in create. */
export const updatePetInputSchema = z.object(petBase).refine(obitoDepoisDoNascimento, obitoError);
export type UpdatePetInput = z.input<typeof updatePetInputSchema>;
export type UpdatePetInputParsed = z.output<typeof updatePetInputSchema>;

export const petTutorSchema = z.object({
  pessoaId: z.string(),
  nome: z.string(),
  principal: z.boolean(),
});
export type PetTutor = z.infer<typeof petTutorSchema>;

export const petSchema = z.object({
  id: z.string(),
  nome: z.string(),
  /** The principal tutor first, then by name. */
  tutores: z.array(petTutorSchema),
  especieId: z.string().nullable(),
  especieNome: z.string().nullable(),
  racaId: z.string().nullable(),
  racaNome: z.string().nullable(),
  pelagemId: z.string().nullable(),
  pelagemNome: z.string().nullable(),
  sexo: z.enum(['M', 'F']).nullable(),
  castrado: z.boolean(),
  /** 'yyyy-MM-dd'. */
  dataNascimento: z.string().nullable(),
  idadeEstimadaMeses: z.number().nullable(),
  porte: porteSchema.nullable(),
  microchip: z.string().nullable(),
  /** kg, up to 3 decimals. */
  peso: z.number().nullable(),
  agressivo: z.boolean(),
  usaFocinheira: z.boolean(),
  alergias: z.string().nullable(),
  observacoes: z.string().nullable(),
  fotoUrl: z.string().nullable(),
  /** 'yyyy-MM-dd' when the pet died. */
  dataObito: z.string().nullable(),
  ativo: z.boolean(),
  createdAt: z.string(),
});
export type Pet = z.infer<typeof petSchema>;

/** `query` searches the pet's name and its tutors' names, ignoring case and accents. */
export const listPetsQuerySchema = listQuerySchema.extend({
  pessoaId: optional(uuidOf('Tutor inválido')),
  especieId: optional(uuidOf('Espécie inválida')),
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
});
export type ListPetsQuery = z.infer<typeof listPetsQuerySchema>;
