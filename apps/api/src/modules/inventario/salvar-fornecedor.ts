/**
 * Creates, updates and deletes suppliers in the caller's tenant scope. CPF/CNPJ, when given,
 * is unique per tenant (unique index, message in plugins/errors.ts): purchases match an
 * NF-e's supplier by it (DOMAIN.md §5).
 */
import { eq } from 'drizzle-orm';
import type { FornecedorInputParsed } from '@petshop/shared/fornecedor';
import type { Db } from '../../db/client.ts';
import { fornecedores } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

const NOT_FOUND = 'Fornecedor não encontrado';

const values = (input: FornecedorInputParsed) => {
  const e = input.endereco;
  return {
    razaoSocial: input.razaoSocial,
    nomeFantasia: input.nomeFantasia ?? null,
    cpfCnpj: input.cpfCnpj ?? null,
    inscricaoEstadual: input.inscricaoEstadual ?? null,
    email: input.email ?? null,
    telefone: input.telefone ?? null,
    contato: input.contato ?? null,
    cep: e.cep ?? null,
    logradouro: e.logradouro ?? null,
    numero: e.numero ?? null,
    complemento: e.complemento ?? null,
    bairro: e.bairro ?? null,
    cidade: e.cidade ?? null,
    uf: e.uf ?? null,
    codigoIbge: e.codigoIbge ?? null,
    observacoes: input.observacoes ?? null,
    ativo: input.ativo,
  };
};

export const criarFornecedor = async (tx: Db, input: FornecedorInputParsed): Promise<string> => {
  const [row] = await tx.insert(fornecedores).values(values(input)).returning({ id: fornecedores.id });
  return row!.id;
};

export const alterarFornecedor = async (tx: Db, id: string, input: FornecedorInputParsed): Promise<void> => {
  const updated = await tx
    .update(fornecedores)
    .set(values(input))
    .where(eq(fornecedores.id, id))
    .returning({ id: fornecedores.id });
  if (updated.length === 0) throw notFound(NOT_FOUND);
};

/** Deletes a supplier; one that purchases refer to is refused by its foreign keys (deactivate it). */
export const excluirFornecedor = async (tx: Db, id: string): Promise<void> => {
  const deleted = await tx.delete(fornecedores).where(eq(fornecedores.id, id)).returning({ id: fornecedores.id });
  if (deleted.length === 0) throw notFound(NOT_FOUND);
};
