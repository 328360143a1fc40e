/** Deletes one planned dose (issue #19 item 2): only a pending one, only by the unit that planned it. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/**
 * DELETE /api/clinica/planejamentos/{id}: deletes a pending planned dose written by the scope's
 * unit; an applied dose that had it as its next dose forgets it. 404 when the tenant has no such
 * dose or another unit planned it; 400 when it was applied already (the card keeps it).
 */
export const excluirPlanejamento = async (tx: Db, id: string): Promise<void> => {
  const [dose] = await queryRows<{ status: string }>(
    tx,
    sql`select status from planejamentos_vacina
         where id = ${id} and unidade_negocio_id = ${currentUnidadeNegocioId}
         for update`,
  );
  if (!dose) throw notFound('Dose planejada não encontrada');
  if (dose.status !== 'pendente') throw badRequest('Esta dose já foi aplicada e não pode ser excluída do planejamento.');
  await tx.execute(sql`update vacinas_aplicadas set proxima_dose_id = null where proxima_dose_id = ${id}`);
  await tx.execute(sql`delete from planejamentos_vacina where id = ${id}`);
};
