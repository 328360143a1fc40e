/**
 * Card payment details (issue #15 item 4; what the NFC-e's card group needs, `card`: tBand,
 * cAut, the acquirer's CNPJ): the brand by its NFC-e tBand code, the authorisation code / NSU,
 * and the acquirer (name and CNPJ; a payment method's default). Only card kinds
 * (`TIPOS_CARTAO`) carry them.
 */
import { z } from 'zod';
import type { TipoFormaPagamento } from './forma-pagamento.ts';
import { cnpjSchema, optional, optionalText } from './validators.ts';

/** Kinds whose payments carry brand, NSU and acquirer. */
export const TIPOS_CARTAO: readonly TipoFormaPagamento[] = ['cartao_debito', 'cartao_credito'];

/** Card brands by their NFC-e tBand code (MOC 4.00, NT 2020.006 list). */
export const BANDEIRAS_CARTAO = {
  '01': 'Visa',
  '02': 'Mastercard',
  '03': 'American Express',
  '04': 'Sorocred',
  '05': 'Diners Club',
  '06': 'Elo',
  '07': 'Hipercard',
  '08': 'Aura',
  '09': 'Cabal',
  '10': 'Alelo',
  '11': 'Banes Card',
  '12': 'CalCard',
  '13': 'Credz',
  '14': 'Discover',
  '15': 'GoodCard',
  '16': 'GreenCard',
  '17': 'Hiper',
  '18': 'JcB',
  '19': 'Mais',
  '20': 'MaxVan',
  '21': 'Policard',
  '22': 'RedeCompras',
  '23': 'Sodexo',
  '24': 'ValeCard',
  '25': 'Verocheque',
  '26': 'VR',
  '27': 'Ticket',
  '99': 'Outros',
} as const;
export type BandeiraCartao = keyof typeof BANDEIRAS_CARTAO;
export const CODIGOS_BANDEIRA = Object.keys(BANDEIRAS_CARTAO) as [BandeiraCartao, ...BandeiraCartao[]];

/** Largest authorisation code / NSU (letters and digits). */
export const AUTORIZACAO_MAXIMA = 20;

/** Whether payments of kind `tipo` carry card details. */
export const isCartao = (tipo: string): boolean => (TIPOS_CARTAO as readonly string[]).includes(tipo);

/**
 * The card details of a payment input, every one optional ('' and null are absent):
 * `bandeira` a tBand code, `autorizacao` 1..20 letters/digits (spaces, dots and dashes
 * dropped, upper-cased), `adquirente` up to 60 characters, `adquirenteCnpj` a valid CNPJ
 * (digits only once parsed).
 */
export const dadosCartaoInputShape = {
  bandeira: optional(z.enum(CODIGOS_BANDEIRA, { error: 'Bandeira inválida' })),
  autorizacao: optional(
    z
      .string()
      .transform((v) => v.replace(/[\s.\-/]/g, '').toUpperCase())
      .refine((v) => /^[0-9A-Z]{1,20}$/.test(v), {
        error: `Autorização/NSU deve ter de 1 a ${AUTORIZACAO_MAXIMA} letras ou números`,
      }),
  ),
  adquirente: optionalText('Adquirente', 60),
  adquirenteCnpj: optional(cnpjSchema),
};

/** Card details as read back (null when absent). */
export const dadosCartaoSchema = z.object({
  bandeira: z.enum(CODIGOS_BANDEIRA).nullable(),
  autorizacao: z.string().nullable(),
  adquirente: z.string().nullable(),
  adquirenteCnpj: z.string().nullable(),
});
export type DadosCartao = z.infer<typeof dadosCartaoSchema>;

/** 'Visa • NSU 123456', 'Visa', 'NSU 123456' or null: how the sale view and the receipt show a card payment. */
export const descreverCartao = (d: { bandeira?: string | null; autorizacao?: string | null }): string | null => {
  const partes = [
    d.bandeira ? (BANDEIRAS_CARTAO[d.bandeira as BandeiraCartao] ?? null) : null,
    d.autorizacao ? `NSU ${d.autorizacao}` : null,
  ].filter((p): p is string => Boolean(p));
  return partes.length > 0 ? partes.join(' • ') : null;
};
