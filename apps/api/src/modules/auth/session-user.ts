/**
 * Builds the session `user` of login, onboarding and GET /api/auth/me (spec §3 Session):
 * the user, their tenant and the active units they may work in with their profile there.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '@petshop/shared/auth';
import type { Db } from '../../db/client.ts';
import { perfis, tenants, unidadesNegocio, usuarioUnidades, usuarios } from '../../db/schema/index.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';
import { unauthorized } from '../../lib/errors.ts';

/** Reads with the system handle (login has no tenant scope yet). 401 if the user is gone. */
export const getSessionUser = async (db: Db, usuarioId: string): Promise<SessionUser> => {
  const [row] = await db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      fotoArquivoId: usuarios.fotoArquivoId,
      operadorPlataforma: usuarios.operadorPlataforma,
      tenantId: tenants.id,
      tenantNome: tenants.nome,
    })
    .from(usuarios)
    .innerJoin(tenants, eq(tenants.id, usuarios.tenantId))
    .where(eq(usuarios.id, usuarioId));
  if (!row) throw unauthorized();
  const unidades = await db
    .select({
      id: unidadesNegocio.id,
      nome: unidadesNegocio.nomeFantasia,
      timeZone: unidadesNegocio.timeZone,
      perfilId: perfis.id,
      perfilNome: perfis.nome,
      permissoes: perfis.permissoes,
    })
    .from(usuarioUnidades)
    .innerJoin(unidadesNegocio, eq(unidadesNegocio.id, usuarioUnidades.unidadeNegocioId))
    .innerJoin(perfis, eq(perfis.id, usuarioUnidades.perfilId))
    .where(and(eq(usuarioUnidades.usuarioId, usuarioId), eq(unidadesNegocio.ativo, true)))
    .orderBy(asc(unidadesNegocio.createdAt), asc(unidadesNegocio.nomeFantasia));
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    fotoUrl: arquivoUrl(row.fotoArquivoId),
    operadorPlataforma: row.operadorPlataforma,
    tenant: { id: row.tenantId, nome: row.tenantNome },
    unidadesNegocio: unidades.map((u) => ({
      id: u.id,
      nome: u.nome,
      timeZone: u.timeZone,
      perfil: { id: u.perfilId, nome: u.perfilNome },
      permissoes: u.permissoes,
    })),
  };
};
