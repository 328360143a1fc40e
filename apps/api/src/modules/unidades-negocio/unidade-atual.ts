/**
 * The scope's selected unit (x-unidade-negocio) with what the till and finance need from it:
 * its time zone ("today" is the unit's today, DOMAIN.md §2) and its stock rule.
 */
import { eq, sql } from 'drizzle-orm';
import { todayISO } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest } from '../../lib/errors.ts';

export type UnidadeAtual = { id: string; nomeFantasia: string; timeZone: string; permiteEstoqueNegativo: boolean; hoje: string };

/** Reads the selected unit inside a scoped transaction; 400 when the request has none. */
export const unidadeAtual = async (tx: Db): Promise<UnidadeAtual> => {
  const [row] = await tx
    .select({
      id: unidadesNegocio.id,
      nomeFantasia: unidadesNegocio.nomeFantasia,
      timeZone: unidadesNegocio.timeZone,
      permiteEstoqueNegativo: unidadesNegocio.permiteEstoqueNegativo,
    })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  if (!row) throw badRequest('Selecione uma unidade de negócio');
  return { ...row, hoje: todayISO(row.timeZone) };
};
