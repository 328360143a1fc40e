/**
 * Creates, updates and deletes species. Names unique per tenant ignoring case and accents
 * (index especies_tenant_nome_idx, mapped in plugins/errors.ts). A species in use by pets,
 * breeds or coats cannot be deleted: the user deactivates it instead.
 */
import { count, eq } from 'drizzle-orm';
import type { especieInputSchema } from '@petshop/shared/especie';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { especies, pelagens, racas } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { countPetsCom } from './especies-repository.ts';

type EspecieInput = z.output<typeof especieInputSchema>;

export const criarEspecie = async (tx: Db, input: EspecieInput): Promise<string> => {
  const [row] = await tx.insert(especies).values({ nome: input.nome, ativo: input.ativo }).returning({ id: especies.id });
  return row!.id;
};

export const alterarEspecie = async (tx: Db, id: string, input: EspecieInput): Promise<void> => {
  const updated = await tx
    .update(especies)
    .set({ nome: input.nome, ativo: input.ativo })
    .where(eq(especies.id, id))
    .returning({ id: especies.id });
  if (updated.length === 0) throw notFound('Espécie não encontrada');
};

export const excluirEspecie = async (tx: Db, id: string): Promise<void> => {
  const [current] = await tx.select({ id: especies.id }).from(especies).where(eq(especies.id, id));
  if (!current) throw notFound('Espécie não encontrada');
  const [comRacas] = await tx.select({ value: count() }).from(racas).where(eq(racas.especieId, id));
  const [comPelagens] = await tx.select({ value: count() }).from(pelagens).where(eq(pelagens.especieId, id));
  const comPets = await countPetsCom(tx, 'especieId', id);
  if (comPets > 0 || (comRacas?.value ?? 0) > 0 || (comPelagens?.value ?? 0) > 0) {
    throw badRequest(
      'Esta espécie está em uso por pets, raças ou pelagens e não pode ser excluída. Desative-a para que não apareça mais nas escolhas.',
    );
  }
  await tx.delete(especies).where(eq(especies.id, id));
};
