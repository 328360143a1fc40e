/**
 * Creates, updates and deletes brands in the caller's tenant scope. Names are unique per
 * tenant ignoring case and accents (unique index on f_busca(nome), message in
 * plugins/errors.ts). A brand used by products cannot be deleted: deactivate it instead.
 */
import { eq } from 'drizzle-orm';
import type { MarcaInputParsed } from '@petshop/shared/marca';
import type { Db } from '../../db/client.ts';
import { marcas, produtos } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

const NOT_FOUND = 'Marca não encontrada';

export const criarMarca = async (tx: Db, input: MarcaInputParsed): Promise<string> => {
  const [row] = await tx.insert(marcas).values({ nome: input.nome, ativo: input.ativo }).returning({ id: marcas.id });
  return row!.id;
};

export const alterarMarca = async (tx: Db, id: string, input: MarcaInputParsed): Promise<void> => {
  const updated = await tx
    .update(marcas)
    .set({ nome: input.nome, ativo: input.ativo })
    .where(eq(marcas.id, id))
    .returning({ id: marcas.id });
  if (updated.length === 0) throw notFound(NOT_FOUND);
};

export const excluirMarca = async (tx: Db, id: string): Promise<void> => {
  const [current] = await tx.select({ id: marcas.id }).from(marcas).where(eq(marcas.id, id));
  if (!current) throw notFound(NOT_FOUND);
  const [usada] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.marcaId, id)).limit(1);
  if (usada)
    throw badRequest('Esta marca está em uso por produtos e não pode ser excluída. Desative-a para que não seja mais usada.');
  await tx.delete(marcas).where(eq(marcas.id, id));
};
