/**
 * The scope's selected unit (x-unidade-negocio) with what the till and finance need from it:
 * its time zone ("today" is the unit's today, DOMAIN.md §2), its stock rule and its purchases'
 * cost method. Read once per transaction (the use cases of one request share it).
 */
import { eq, sql } from 'drizzle-orm';
import { todayISO } from '@petshop/shared/format';
import type { MetodoCusto } from '@petshop/shared/unidade-negocio';
import type { Db } from '../../db/client.ts';
import { preparedSelect } from '../../db/prepared-select.ts';
import { unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest } from '../../lib/errors.ts';

export type UnidadeAtual = {
  id: string;
  nomeFantasia: string;
  timeZone: string;
  permiteEstoqueNegativo: boolean;
  /** How a finalised purchase updates cost prices (DOMAIN.md §5). */
  metodoCusto: MetodoCusto;
  hoje: string;
};

const byTransaction = new WeakMap<Db, UnidadeAtual>();

/** The scope's unit (every write reads it: built once, db/prepared-select.ts). */
const unidadeQuery = preparedSelect((qb) =>
  qb
    .select({
      id: unidadesNegocio.id,
      nomeFantasia: unidadesNegocio.nomeFantasia,
      timeZone: unidadesNegocio.timeZone,
      permiteEstoqueNegativo: unidadesNegocio.permiteEstoqueNegativo,
      metodoCusto: unidadesNegocio.metodoCusto,
    })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`)),
);

/** Reads the selected unit inside a scoped transaction; 400 when the request has none. */
export const getUnidadeAtual = async (tx: Db): Promise<UnidadeAtual> => {
  const lida = byTransaction.get(tx);
  if (lida) return lida;
  const [row] = await unidadeQuery(tx, {});
  if (!row) throw badRequest('Selecione uma unidade de negócio');
  const unidade: UnidadeAtual = {
    ...row,
    metodoCusto: row.metodoCusto === 'ultimo' ? 'ultimo' : 'medio',
    hoje: todayISO(row.timeZone),
  };
  byTransaction.set(tx, unidade);
  return unidade;
};
