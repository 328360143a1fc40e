/**
 * Creates, updates and deletes units of measure in the caller's tenant scope. Siglas are
 * unique per tenant (unique index, message in plugins/errors.ts). A unit used by products
 * cannot be deleted: the user is told to deactivate it instead.
 */
import { eq } from 'drizzle-orm';
import type { UnidadeMedidaInputParsed } from '@petshop/shared/unidade-medida';
import type { Db } from '../../db/client.ts';
import { produtos, unidadesMedida } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

const NOT_FOUND = 'Unidade de medida não encontrada';

const values = (input: UnidadeMedidaInputParsed) => ({
  sigla: input.sigla,
  descricao: input.descricao,
  permiteVendaFracionada: input.permiteVendaFracionada,
  ativo: input.ativo,
});

export const criarUnidadeMedida = async (tx: Db, input: UnidadeMedidaInputParsed): Promise<string> => {
  const [row] = await tx.insert(unidadesMedida).values(values(input)).returning({ id: unidadesMedida.id });
  return row!.id;
};

export const alterarUnidadeMedida = async (tx: Db, id: string, input: UnidadeMedidaInputParsed): Promise<void> => {
  const updated = await tx
    .update(unidadesMedida)
    .set(values(input))
    .where(eq(unidadesMedida.id, id))
    .returning({ id: unidadesMedida.id });
  if (updated.length === 0) throw notFound(NOT_FOUND);
};

export const excluirUnidadeMedida = async (tx: Db, id: string): Promise<void> => {
  const [current] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.id, id));
  if (!current) throw notFound(NOT_FOUND);
  const [usada] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.unidadeMedidaId, id)).limit(1);
  if (usada) {
    throw badRequest(
      'Esta unidade de medida está em uso por produtos e não pode ser excluída. Desative-a para que não seja mais usada.',
    );
  }
  await tx.delete(unidadesMedida).where(eq(unidadesMedida.id, id));
};
