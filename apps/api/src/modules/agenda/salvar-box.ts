/**
 * Creates, updates and deletes the selected unit's grooming boxes (issue #17 item 1). Names are
 * unique in the unit ignoring case and accents (index boxes_unidade_nome_idx, mapped in
 * plugins/errors.ts to 400 on `nome`). A box used by appointments cannot be deleted: the user
 * deactivates it instead. Row-level security keeps other units' boxes out of reach (404).
 */
import { eq } from 'drizzle-orm';
import type { RecursoInput } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { boxes } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { excluirRecusandoEmUso } from './recursos-repository.ts';

type Input = Required<RecursoInput>;
const naoEncontrado = 'Box não encontrado';

/** POST /api/agenda/boxes: answers the new id (the box belongs to the selected unit). */
export const criarBox = async (tx: Db, input: Input): Promise<string> => {
  const [row] = await tx.insert(boxes).values({ nome: input.nome, ativo: input.ativo }).returning({ id: boxes.id });
  return row!.id;
};

/** PUT /api/agenda/boxes/{id}. */
export const alterarBox = async (tx: Db, id: string, input: Input): Promise<void> => {
  const updated = await tx
    .update(boxes)
    .set({ nome: input.nome, ativo: input.ativo })
    .where(eq(boxes.id, id))
    .returning({ id: boxes.id });
  if (updated.length === 0) throw notFound(naoEncontrado);
};

/** DELETE /api/agenda/boxes/{id}: 400 while appointments use it. */
export const excluirBox = (tx: Db, id: string): Promise<void> =>
  excluirRecusandoEmUso(tx, boxes, id, {
    naoEncontrado: naoEncontrado,
    emUso: 'Este box está em uso por atendimentos e não pode ser excluído. Desative-o para que não apareça mais nas escolhas.',
  });
