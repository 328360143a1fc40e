/**
 * Creates and updates customers (the whole record, or one section of the detail screen:
 * dados pessoais, contato, endereço), in the caller's tenant scope. CPF/CNPJ unique per tenant
 * (index pessoas_tenant_cpf_cnpj_idx → 400 on `cpfCnpj`). LGPD: the moment consent to
 * marketing is given is recorded, kept while it stands and cleared when it is withdrawn; an
 * anonymised customer (lgpd-routes.ts) cannot be edited: 400 "Cliente anonimizado…".
 */
import { eq } from 'drizzle-orm';
import type { Endereco } from '@petshop/shared/endereco';
import { NOME_ANONIMIZADO } from '@petshop/shared/lgpd';
import type { CreatePessoaInputParsed, pessoaContatoInputSchema, pessoaDadosPessoaisInputSchema } from '@petshop/shared/pessoa';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { arquivos, pessoas } from '../../db/schema/index.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/request-body.ts';
import { findAnonimizacao } from './lgpd-repository.ts';

type PessoaInput = CreatePessoaInputParsed;
type DadosPessoais = z.output<typeof pessoaDadosPessoaisInputSchema>;
type Contato = z.output<typeof pessoaContatoInputSchema>;

const dadosPessoais = (input: DadosPessoais) => ({
  nome: input.nome,
  cpfCnpj: input.cpfCnpj ?? null,
  rg: input.rg ?? null,
  dataNascimento: input.dataNascimento ?? null,
  sexo: input.sexo ?? null,
  comoConheceu: input.comoConheceu ?? null,
  observacoes: input.observacoes ?? null,
});

const contato = (input: Contato) => ({ email: input.email ?? null, telefones: input.telefones });

const endereco = (e: Endereco) => ({
  cep: e.cep ?? null,
  logradouro: e.logradouro ?? null,
  numero: e.numero ?? null,
  complemento: e.complemento ?? null,
  bairro: e.bairro ?? null,
  cidade: e.cidade ?? null,
  uf: e.uf ?? null,
  codigoIbge: e.codigoIbge ?? null,
});

/** Consent and its moment: set when consent turns true, kept while true, cleared when false. */
const consentimento = (consente: boolean, antes: { consentimentoMarketingEm: Date | null } | null) => ({
  consentimentoMarketing: consente,
  consentimentoMarketingEm: consente ? (antes?.consentimentoMarketingEm ?? new Date()) : null,
});

/** The row's values an edit keeps; 404 when missing; 400 when the person was anonymised (LGPD). */
const findCurrent = async (tx: Db, id: string) => {
  const [current] = await tx
    .select({
      nome: pessoas.nome,
      fotoArquivoId: pessoas.fotoArquivoId,
      consentimentoMarketingEm: pessoas.consentimentoMarketingEm,
    })
    .from(pessoas)
    .where(eq(pessoas.id, id));
  if (!current) throw notFound('Cliente não encontrado');
  // The audit log says whether it was anonymised; only a person with that name needs asking.
  if (current.nome === NOME_ANONIMIZADO && (await findAnonimizacao(tx, id))) {
    throw badRequest('Cliente anonimizado (LGPD): os dados não podem mais ser alterados');
  }
  return current;
};

/** Column values of a new person (no photo). Also used by the spreadsheet import. */
export const novaPessoaValues = (input: PessoaInput) => ({
  ...dadosPessoais(input),
  ...contato(input),
  ...endereco(input.endereco),
  ...consentimento(input.consentimentoMarketing, null),
  ativo: input.ativo,
});

export const criarPessoa = async (tx: Db, input: PessoaInput, foto?: UploadedFile): Promise<string> => {
  const [row] = await tx
    .insert(pessoas)
    .values({ ...novaPessoaValues(input), fotoArquivoId: foto ? await storeArquivo(tx, foto) : null })
    .returning({ id: pessoas.id });
  return row!.id;
};

export const alterarPessoa = async (tx: Db, id: string, input: PessoaInput, foto?: UploadedFile): Promise<void> => {
  const current = await findCurrent(tx, id);
  const fotoArquivoId = foto ? await storeArquivo(tx, foto) : input.removerFoto ? null : current.fotoArquivoId;
  await tx
    .update(pessoas)
    .set({
      ...dadosPessoais(input),
      ...contato(input),
      ...endereco(input.endereco),
      ...consentimento(input.consentimentoMarketing, current),
      ativo: input.ativo,
      fotoArquivoId,
    })
    .where(eq(pessoas.id, id));
  if (current.fotoArquivoId && current.fotoArquivoId !== fotoArquivoId) {
    await tx.delete(arquivos).where(eq(arquivos.id, current.fotoArquivoId));
  }
};

/** PUT /{id}/dados-pessoais. */
export const alterarPessoaDadosPessoais = async (tx: Db, id: string, input: DadosPessoais): Promise<void> => {
  const current = await findCurrent(tx, id);
  await tx
    .update(pessoas)
    .set({ ...dadosPessoais(input), ...consentimento(input.consentimentoMarketing, current) })
    .where(eq(pessoas.id, id));
};

/** PUT /{id}/contato. */
export const alterarPessoaContato = async (tx: Db, id: string, input: Contato): Promise<void> => {
  await findCurrent(tx, id);
  await tx.update(pessoas).set(contato(input)).where(eq(pessoas.id, id));
};

/** PUT /{id}/endereco. */
export const alterarPessoaEndereco = async (tx: Db, id: string, input: { endereco: Endereco }): Promise<void> => {
  await findCurrent(tx, id);
  await tx.update(pessoas).set(endereco(input.endereco)).where(eq(pessoas.id, id));
};
