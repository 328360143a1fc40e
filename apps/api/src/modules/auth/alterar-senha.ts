/**
 * Password change (spec §7 POST /api/auth/alterar-senha): checks the current password,
 * stores the new hash and bumps the token version so every other session's token stops
 * working; answers a fresh token for the caller.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AlterarSenhaInput } from '@petshop/shared/auth';
import { usuarios } from '../../db/schema/index.ts';
import { fieldError, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { signAccessToken, type AuthContext } from '../../plugins/auth.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';

export const alterarSenha = async (
  app: FastifyInstance,
  auth: AuthContext,
  input: AlterarSenhaInput,
): Promise<{ accessToken: string }> => {
  const [user] = await app.db.select({ senhaHash: usuarios.senhaHash }).from(usuarios).where(eq(usuarios.id, auth.usuarioId));
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.senhaHash, input.senhaAtual))) throw fieldError('senhaAtual', 'Senha atual incorreta');
  const [updated] = await app.db
    .update(usuarios)
    .set({ senhaHash: await hashPassword(input.novaSenha), tokenVersion: sql`${usuarios.tokenVersion} + 1` })
    .where(eq(usuarios.id, auth.usuarioId))
    .returning({ id: usuarios.id, tenantId: usuarios.tenantId, tokenVersion: usuarios.tokenVersion });
  clearAuthCache();
  return { accessToken: signAccessToken(app, updated!) };
};
