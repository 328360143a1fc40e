/**
 * Creates, updates and deletes breeds. A breed belongs to a species of the tenant; names are
 * unique per species ignoring case and accents (index racas_tenant_especie_nome_idx). A
 * breed in use by pets can neither be deleted nor moved to another species.
 */
import { eq } from 'drizzle-orm';
import type { racaInputSchema } from '@petshop/shared/especie';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { especies, racas } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { countPetsCom } from './especies-repository.ts';

type RacaInput = z.output<typeof racaInputSchema>;

/** 400 on `especieId` unless the species exists in the scope's tenant. */
export const assertEspecieDoTenant = async (tx: Db, especieId: string): Promise<void> => {
  const [found] = await tx.select({ id: especies.id }).from(especies).where(eq(especies.id, especieId));
  if (!found) throw fieldError('especieId', 'Espécie não encontrada');
};

export const criarRaca = async (tx: Db, input: RacaInput): Promise<string> => {
  await assertEspecieDoTenant(tx, input.especieId);
  const [row] = await tx
    .insert(racas)
    .values({
      nome: input.nome,
      especieId: input.especieId,
      porte: input.porte ?? null,
      sinonimos: input.sinonimos ?? null,
      ativo: input.ativo,
    })
    .returning({ id: racas.id });
  return row!.id;
};

export const alterarRaca = async (tx: Db, id: string, input: RacaInput): Promise<void> => {
  const [current] = await tx.select({ especieId: racas.especieId }).from(racas).where(eq(racas.id, id));
  if (!current) throw notFound('Raça não encontrada');
  if (current.especieId !== input.especieId) {
    await assertEspecieDoTenant(tx, input.especieId);
    if ((await countPetsCom(tx, 'racaId', id)) > 0) {
      throw fieldError('especieId', 'Há pets desta raça: a espécie não pode ser trocada');
    }
  }
  await tx
    .update(racas)
    .set({
      nome: input.nome,
      especieId: input.especieId,
      porte: input.porte ?? null,
      sinonimos: input.sinonimos ?? null,
      ativo: input.ativo,
    })
    .where(eq(racas.id, id));
};

export const excluirRaca = async (tx: Db, id: string): Promise<void> => {
  const [current] = await tx.select({ id: racas.id }).from(racas).where(eq(racas.id, id));
  if (!current) throw notFound('Raça não encontrada');
  if ((await countPetsCom(tx, 'racaId', id)) > 0) {
    throw badRequest(
      'Esta raça está em uso por pets e não pode ser excluída. Desative-a para que não apareça mais nas escolhas.',
    );
  }
  await tx.delete(racas).where(eq(racas.id, id));
};
