/**
 * Password reset by e-mailed link (issue #15), POST /api/auth/redefinir-senha: the token of a
 * link made by esqueci-senha.ts and the new password (rules of the password change). In one
 * transaction: the link is locked and checked (known, unused, not expired, active user and
 * tenant), the password stored, the token version bumped (every session of the user ends), the
 * link marked used and the user's other unused links ended. Anything wrong with the link answers
 * 400 'Link inválido ou expirado' (it never says which). Audited as SenhaRedefinida in the
 * user's tenant (issue #22 item 4), last in the transaction (it enters the tenant's scope).
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { RedefinirSenhaInput } from '@petshop/shared/auth';
import type { Db } from '../../db/client.ts';
import { redefinicoesSenha, tenants, usuarios } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';
import { hashToken } from './esqueci-senha.ts';
import { enterTenantScope } from '../../db/tenant-scope.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';

export const LINK_INVALIDO = 'Link inválido ou expirado';

/** Sets the new password of the link's user; 400 LINK_INVALIDO for an unknown, used or expired link. */
export const redefinirSenha = async (db: Db, input: RedefinirSenhaInput, ip?: string): Promise<void> => {
  // argon2 is slow on purpose: hash before taking any lock.
  const senhaHash = await hashPassword(input.novaSenha);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        id: redefinicoesSenha.id,
        usuarioId: redefinicoesSenha.usuarioId,
        valido: sql<boolean>`${redefinicoesSenha.usadaEm} is null and ${redefinicoesSenha.expiraEm} > now()`,
        ativo: usuarios.ativo,
        nome: usuarios.nome,
        tenantId: usuarios.tenantId,
        tenantAtivo: tenants.ativo,
      })
      .from(redefinicoesSenha)
      .innerJoin(usuarios, eq(usuarios.id, redefinicoesSenha.usuarioId))
      .innerJoin(tenants, eq(tenants.id, usuarios.tenantId))
      .where(eq(redefinicoesSenha.tokenHash, hashToken(input.token)))
      .for('update', { of: redefinicoesSenha });
    if (!link?.valido || !link.ativo || !link.tenantAtivo) throw badRequest(LINK_INVALIDO);
    await tx
      .update(usuarios)
      .set({ senhaHash, tokenVersion: sql`${usuarios.tokenVersion} + 1` })
      .where(eq(usuarios.id, link.usuarioId));
    await tx
      .update(redefinicoesSenha)
      .set({ usadaEm: sql`now()` })
      .where(eq(redefinicoesSenha.id, link.id));
    await tx
      .update(redefinicoesSenha)
      .set({ expiraEm: sql`now()` })
      .where(
        and(
          eq(redefinicoesSenha.usuarioId, link.usuarioId),
          ne(redefinicoesSenha.id, link.id),
          isNull(redefinicoesSenha.usadaEm),
          gt(redefinicoesSenha.expiraEm, sql`now()`),
        ),
      );
    await enterTenantScope(tx, { tenantId: link.tenantId, usuarioId: link.usuarioId, ip: ip ?? null });
    await registrarAuditoria(tx, {
      acao: 'SenhaRedefinida',
      entidade: 'usuario',
      entidadeId: link.usuarioId,
      descricao: `${link.nome} redefiniu a senha pelo link de "Esqueci minha senha"`,
      unidadeNegocioId: null,
    });
  });
  clearAuthCache();
};
