/**
 * Registers the starting catalogue of species, breeds and coats (catalogo-inicial.ts) as a
 * default of every new tenant (modules/tenants/criar-tenant.ts `tenantDefaults`). Imported
 * for its side effect by routes.ts, so the app, the tests and the demo seed all get it.
 */
import type { Db } from '../../db/client.ts';
import { especies, pelagens, racas } from '../../db/schema/index.ts';
import { tenantDefaults } from '../tenants/criar-tenant.ts';
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

tenantDefaults.push((tx, ids) => inserirCatalogoInicial(tx, ids.tenantId));
