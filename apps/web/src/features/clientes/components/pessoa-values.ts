/**
 * Form values of a customer and how they come from the API's Pessoa. Every field is text while
 * edited; the shared schemas (@petshop/shared/pessoa) turn them into the request bodies.
 */
import { randomId } from '@mantine/hooks';
import { formatDate } from '@petshop/shared/format';
import type { Pessoa, TipoTelefone } from '@petshop/shared/pessoa';
import type { EnderecoFormValues } from '#lib/address/endereco-fields.tsx';
import { enderecoValues } from '#lib/address/endereco-values.ts';

/** `key` keeps React rows stable; the schema drops it. */
export type TelefoneRow = { key: string; numero: string; tipo: TipoTelefone; whatsapp: boolean };

export type DadosPessoaisValues = {
  nome: string;
  cpfCnpj: string;
  rg: string;
  /** dd/mm/aaaa as typed. */
  dataNascimento: string;
  sexo: 'F' | 'M' | null;
  comoConheceu: string;
  observacoes: string;
  consentimentoMarketing: boolean;
};

export type ContatoValues = { email: string; telefones: TelefoneRow[] };

export type EnderecoValues = { endereco: EnderecoFormValues };

export const newTelefone = (numero = '', tipo: TipoTelefone = 'celular', whatsapp = true): TelefoneRow => ({
  key: randomId(),
  numero,
  tipo,
  whatsapp,
});

export const dadosPessoaisValues = (p?: Pessoa): DadosPessoaisValues => ({
  nome: p?.nome ?? '',
  cpfCnpj: p?.cpfCnpj ?? '',
  rg: p?.rg ?? '',
  dataNascimento: p?.dataNascimento ? formatDate(p.dataNascimento) : '',
  sexo: p?.sexo ?? null,
  comoConheceu: p?.comoConheceu ?? '',
  observacoes: p?.observacoes ?? '',
  consentimentoMarketing: p?.consentimentoMarketing ?? false,
});

/** A new customer starts with one mobile phone row, marked WhatsApp. */
export const contatoValues = (p?: Pessoa): ContatoValues => ({
  email: p?.email ?? '',
  telefones: p ? p.telefones.map((t) => newTelefone(t.numero, t.tipo, t.whatsapp)) : [newTelefone()],
});

export const enderecoFormValues = (p?: Pessoa): EnderecoValues => ({ endereco: enderecoValues(p?.endereco) });

/**
 * Drops the blank phone rows at the end of the list (a new customer starts with one row and
 * may have no phone); rows before them keep their index, so errors land on the right row.
 */
export const dropTrailingBlankPhones = (values: unknown): unknown => {
  if (typeof values !== 'object' || values === null || !('telefones' in values) || !Array.isArray(values.telefones)) {
    return values;
  }
  const telefones = [...(values.telefones as unknown[])];
  const blank = (t: unknown) =>
    typeof t === 'object' && t !== null && 'numero' in t && typeof t.numero === 'string' && t.numero.trim() === '';
  while (telefones.length > 0 && blank(telefones[telefones.length - 1])) telefones.pop();
  return { ...values, telefones };
};
