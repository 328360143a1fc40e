/**
 * *Remover aplicação de protocolo* (issue #19 item 2): takes back the doses one *aplicar
 * protocolo* planned that are still pending, keeping those already applied (the vaccination card
 * keeps its history).
 */
import { sql } from 'drizzle-orm';
import type { RemoverAplicacaoProtocoloResult } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * DELETE /api/clinica/planejamentos/remover-aplicacao-protocolo/{id} ({id} = the application's
 * `aplicacao_protocolo_id`): deletes its pending doses written by the scope's unit and answers how
 * many (`{ removidas }`, 0 when all were applied already). An applied dose that had one of them as
 * its next dose forgets it (`proxima_dose_id` null). 404 when no dose of that application (of any
 * status) was written by the scope's unit (another unit's application is not this unit's to change).
 */
export const removerAplicacaoProtocolo = async (
  tx: Db,
  aplicacaoProtocoloId: string,
): Promise<RemoverAplicacaoProtocoloResult> => {
  const [resultado] = await queryRows<{ existentes: number | string; removidas: number | string }>(
    tx,
    sql`with existentes as (
          select id, status from planejamentos_vacina
           where aplicacao_protocolo_id = ${aplicacaoProtocoloId} and unidade_negocio_id = ${currentUnidadeNegocioId}
           for update
        ), removidas as (
          delete from planejamentos_vacina p using existentes e
           where p.id = e.id and e.status = 'pendente'
          returning p.id
        ), esquecidas as (
          update vacinas_aplicadas set proxima_dose_id = null where proxima_dose_id in (select id from removidas)
        )
        select (select count(*) from existentes) as existentes, (select count(*) from removidas) as removidas`,
  );
  if (Number(resultado?.existentes ?? 0) === 0) throw notFound('Aplicação de protocolo não encontrada');
  return { removidas: Number(resultado?.removidas ?? 0) };
};
