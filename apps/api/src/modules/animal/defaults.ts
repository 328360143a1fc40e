/**
 * Inserts the starting catalogue of species, breeds and coats (catalogo-inicial.ts), a default
 * of every new tenant (listed in `tenantDefaults`, modules/tenants/defaults.ts).
 */
import type { Db } from '../../db/client.ts';
import { especies, pelagens, racas } from '../../db/schema/index.ts';
import { CATALOGO_INICIAL } from './catalogo-inicial.ts';

/** Inserts the starting catalogue into `tenantId` (inside its scope), in three batches. */
export const inserirCatalogoInicial = async (tx: Db, tenantId: string): Promise<void> => {
  const criadas = await tx
    .insert(especies)
    .values(CATALOGO_INICIAL.map((e) => ({ tenantId, nome: e.nome })))
    .returning({ id: especies.id, nome: especies.nome });
  const idDe = new Map(criadas.map((e) => [e.nome, e.id]));
  const racasIniciais = CATALOGO_INICIAL.flatMap((e) =>
    e.racas.map(([nome, porte, sinonimos]) => ({ tenantId, especieId: idDe.get(e.nome)!, nome, porte, sinonimos })),
  );
  const pelagensIniciais = CATALOGO_INICIAL.flatMap((e) =>
    e.pelagens.map((nome) => ({ tenantId, especieId: idDe.get(e.nome)!, nome })),
  );
  if (racasIniciais.length > 0) await tx.insert(racas).values(racasIniciais);
  if (pelagensIniciais.length > 0) await tx.insert(pelagens).values(pelagensIniciais);
};
