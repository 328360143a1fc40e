/**
 * Creates, updates and deletes the selected unit's clinic rooms (issue #17 item 1). Names are
 * unique in the unit ignoring case and accents (index salas_unidade_nome_idx, mapped in
 * plugins/errors.ts to 400 on `nome`). A room used by appointments cannot be deleted: the user
 * deactivates it instead. Row-level security keeps other units' rooms out of reach (404).
 */
import { eq } from 'drizzle-orm';
import type { RecursoInput } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { salas } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { excluirRecusandoEmUso } from './recursos-repository.ts';

type Input = Required<RecursoInput>;
const naoEncontrada = 'Sala não encontrada';

/** POST /api/agenda/salas: answers the new id (the room belongs to the selected unit). */
export const criarSala = async (tx: Db, input: Input): Promise<string> => {
  const [row] = await tx.insert(salas).values({ nome: input.nome, ativo: input.ativo }).returning({ id: salas.id });
  return row!.id;
};

/** PUT /api/agenda/salas/{id}. */
export const alterarSala = async (tx: Db, id: string, input: Input): Promise<void> => {
  const updated = await tx
    .update(salas)
    .set({ nome: input.nome, ativo: input.ativo })
    .where(eq(salas.id, id))
    .returning({ id: salas.id });
  if (updated.length === 0) throw notFound(naoEncontrada);
};

/** DELETE /api/agenda/salas/{id}: 400 while appointments use it. */
export const excluirSala = (tx: Db, id: string): Promise<void> =>
  excluirRecusandoEmUso(tx, salas, id, {
    naoEncontrado: naoEncontrada,
    emUso: 'Esta sala está em uso por atendimentos e não pode ser excluída. Desative-a para que não apareça mais nas escolhas.',
  });
