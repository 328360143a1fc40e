/**
 * Creates, updates and deletes the selected unit's clinic rooms (salas) and grooming boxes
 * (issue #17 item 1): one use case for both tables, as recursos-repository.ts reads both. Names
 * are unique in the unit ignoring case and accents (indexes salas_unidade_nome_idx and
 * boxes_unidade_nome_idx, mapped in plugins/errors.ts to 400 on `nome`). A room or box used by
 * appointments cannot be deleted: the user deactivates it instead. Row-level security keeps
 * other units' rows out of reach (404).
 */
import { eq } from 'drizzle-orm';
import type { RecursoInput } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { boxes, salas } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { excluirRecusandoEmUso, type RecursoTable } from './recursos-repository.ts';

type Input = Required<RecursoInput>;

/** The messages of one kind of resource. */
type Mensagens = { naoEncontrado: string; emUso: string };

const MENSAGENS = new Map<RecursoTable, Mensagens>([
  [
    salas,
    {
      naoEncontrado: 'Sala não encontrada',
      emUso: 'Esta sala está em uso por atendimentos e não pode ser excluída. Desative-a para que não apareça mais nas escolhas.',
    },
  ],
  [
    boxes,
    {
      naoEncontrado: 'Box não encontrado',
      emUso: 'Este box está em uso por atendimentos e não pode ser excluído. Desative-o para que não apareça mais nas escolhas.',
    },
  ],
]);

/** POST /api/agenda/salas and /boxes: answers the new id (the row belongs to the selected unit). */
export const criarRecurso = async (tx: Db, table: RecursoTable, input: Input): Promise<string> => {
  const [row] = await tx.insert(table).values({ nome: input.nome, ativo: input.ativo }).returning({ id: table.id });
  return row!.id;
};

/** PUT /api/agenda/salas/{id} and /boxes/{id}: 404 outside the selected unit. */
export const alterarRecurso = async (tx: Db, table: RecursoTable, id: string, input: Input): Promise<void> => {
  const updated = await tx
    .update(table)
    .set({ nome: input.nome, ativo: input.ativo })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (updated.length === 0) throw notFound(MENSAGENS.get(table)!.naoEncontrado);
};

/** DELETE /api/agenda/salas/{id} and /boxes/{id}: 400 while appointments use it. */
export const excluirRecurso = (tx: Db, table: RecursoTable, id: string): Promise<void> =>
  excluirRecusandoEmUso(tx, table, id, MENSAGENS.get(table)!);
