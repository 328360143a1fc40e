/**
 * Password change (spec §7 POST /api/auth/alterar-senha): checks the current password,
 * stores the new hash and bumps the token version so every other session's token stops
 * working; answers a fresh token for the caller. Audited as SenhaRedefinida (issue #22 item 4:
 * who changed it and when, never a value), in the change's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AlterarSenhaInput } from '@petshop/shared/auth';
import { usuarios } from '../../db/schema/index.ts';
import { fieldError, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { signAccessToken, type AuthContext } from '../../plugins/auth.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';
import { enterTenantScope } from '../../db/tenant-scope.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';

export const alterarSenha = async (
  app: FastifyInstance,
  auth: AuthContext,
  input: AlterarSenhaInput,
  ip?: string,
): Promise<{ accessToken: string }> => {
  const [user] = await app.db
    .select({ senhaHash: usuarios.senhaHash, nome: usuarios.nome })
    .from(usuarios)
    .where(eq(usuarios.id, auth.usuarioId));
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.senhaHash, input.senhaAtual))) throw fieldError('senhaAtual', 'Senha atual incorreta');
  const senhaHash = await hashPassword(input.novaSenha);
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(usuarios)
      .set({ senhaHash, tokenVersion: sql`${usuarios.tokenVersion} + 1` })
      .where(eq(usuarios.id, auth.usuarioId))
      .returning({ id: usuarios.id, tenantId: usuarios.tenantId, tokenVersion: usuarios.tokenVersion });
    await enterTenantScope(tx, { tenantId: row!.tenantId, usuarioId: row!.id, ip: ip ?? null });
    await registrarAuditoria(tx, {
      acao: 'SenhaRedefinida',
      entidade: 'usuario',
      entidadeId: row!.id,
      descricao: `${user.nome} alterou a própria senha`,
      unidadeNegocioId: null,
    });
    return row;
  });
  clearAuthCache();
  return { accessToken: signAccessToken(app, updated!) };
};
