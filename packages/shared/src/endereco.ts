/**
 * Brazilian postal address, shared by business units, people and suppliers.
 * The IBGE municipality code (7 digits) is required by NF-e/NFC-e (cMun).
 */
import { z } from 'zod';
import { cepSchema, optional, optionalText, ufSchema } from './validators.ts';

export const enderecoSchema = z.object({
  cep: optional(cepSchema),
  logradouro: optionalText('Logradouro', 120),
  numero: optionalText('Número', 20),
  complemento: optionalText('Complemento', 60),
  bairro: optionalText('Bairro', 60),
  cidade: optionalText('Cidade', 60),
  uf: optional(ufSchema),
  codigoIbge: optional(z.string().regex(/^\d{7}$/, { error: 'Código IBGE deve ter 7 dígitos' })),
});
export type Endereco = z.infer<typeof enderecoSchema>;

/** The same address with every field present or null, as the API answers it. */
export const enderecoOutputSchema = z.object({
  cep: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  codigoIbge: z.string().nullable(),
});
export type EnderecoOutput = z.infer<typeof enderecoOutputSchema>;
