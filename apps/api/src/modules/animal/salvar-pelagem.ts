/**
 * Creates, updates and deletes coats. A coat belongs to a species of the tenant; names are
 * unique per species ignoring case and accents (index pelagens_tenant_especie_nome_idx). A
 * coat in use by pets can neither be deleted nor moved to another species.
 */
import { eq } from 'drizzle-orm';
import type { pelagemInputSchema } from '@petshop/shared/especie';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pelagens } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { countPetsCom } from './especies-repository.ts';
import { assertEspecieDoTenant } from './salvar-raca.ts';

type PelagemInput = z.output<typeof pelagemInputSchema>;

export const criarPelagem = async (tx: Db, input: PelagemInput): Promise<string> => {
  await assertEspecieDoTenant(tx, input.especieId);
  const [row] = await tx
    .insert(pelagens)
    .values({ nome: input.nome, especieId: input.especieId, ativo: input.ativo })
    .returning({ id: pelagens.id });
  return row!.id;
};

export const alterarPelagem = async (tx: Db, id: string, input: PelagemInput): Promise<void> => {
  const [current] = await tx.select({ especieId: pelagens.especieId }).from(pelagens).where(eq(pelagens.id, id));
  if (!current) throw notFound('Pelagem não encontrada');
  if (current.especieId !== input.especieId) {
    await assertEspecieDoTenant(tx, input.especieId);
    if ((await countPetsCom(tx, 'pelagemId', id)) > 0) {
      throw fieldError('especieId', 'Há pets com esta pelagem: a espécie não pode ser trocada');
    }
  }
  await tx.update(pelagens).set({ nome: input.nome, especieId: input.especieId, ativo: input.ativo }).where(eq(pelagens.id, id));
};

export const excluirPelagem = async (tx: Db, id: string): Promise<void> => {
  const [current] = await tx.select({ id: pelagens.id }).from(pelagens).where(eq(pelagens.id, id));
  if (!current) throw notFound('Pelagem não encontrada');
  if ((await countPetsCom(tx, 'pelagemId', id)) > 0) {
    throw badRequest(
      'Esta pelagem está em uso por pets e não pode ser excluída. Desative-a para que não apareça mais nas escolhas.',
    );
  }
  await tx.delete(pelagens).where(eq(pelagens.id, id));
};
