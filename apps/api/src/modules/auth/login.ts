/**
 * Login use case (spec §7 POST /api/auth/login): checks e-mail and password, the user's and
 * the tenant's active flags and that the user has an active unit, then answers a token and
 * the session user. Wrong credentials answer one generic message (no account enumeration),
 * and the password hash is checked even for unknown e-mails to keep timing flat.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoginInput, LoginOutput } from '@petshop/shared/auth';
import { tenants, usuarios } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { signAccessToken } from '../../plugins/auth.ts';
import { getSessionUser } from './session-user.ts';

let dummyHash: Promise<string> | undefined;

export const login = async (app: FastifyInstance, input: LoginInput): Promise<LoginOutput> => {
  const [user] = await app.db
    .select({
      id: usuarios.id,
      tenantId: usuarios.tenantId,
      senhaHash: usuarios.senhaHash,
      ativo: usuarios.ativo,
      tokenVersion: usuarios.tokenVersion,
      tenantAtivo: tenants.ativo,
    })
    .from(usuarios)
    .innerJoin(tenants, eq(tenants.id, usuarios.tenantId))
    .where(sql`lower(${usuarios.email}) = ${input.email.toLowerCase()}`);
  const ok = await verifyPassword(user?.senhaHash ?? (await (dummyHash ??= hashPassword('senha-inexistente'))), input.senha);
  if (!user || !ok) throw badRequest('E-mail ou senha inválidos');
  if (!user.ativo) throw badRequest('Usuário desativado. Fale com o administrador da sua empresa.');
  if (!user.tenantAtivo) throw badRequest('Conta da empresa desativada. Fale com o suporte.');

  const sessionUser = await getSessionUser(app.db, user.id);
  if (sessionUser.unidadesNegocio.length === 0) {
    throw badRequest('Seu usuário não está ligado a nenhuma unidade de negócio ativa. Fale com o administrador.');
  }
  await app.db.update(usuarios).set({ ultimoAcessoEm: new Date() }).where(eq(usuarios.id, user.id));
  return { accessToken: signAccessToken(app, user), user: sessionUser };
};
