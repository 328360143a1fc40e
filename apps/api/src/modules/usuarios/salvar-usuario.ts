/**
 * Creates or updates a user with their units and profiles, in the caller's tenant scope
 * (one transaction). Rules: e-mail unique on the platform (the unique index answers it, see
 * plugins/errors.ts, because a tenant scope cannot see other tenants' users); every unit must be an active
 * unit of the tenant; the tenant's user limit; an administrator cannot take away the last
 * administrator (nor their own access); a password set here ends the user's sessions.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreateUsuarioInput, UpdateUsuarioInput } from '@petshop/shared/usuario';
import type { Db } from '../../db/client.ts';
import { tenants, unidadesNegocio, usuarioUnidades, usuarios } from '../../db/schema/index.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { UploadedFile } from '../../lib/request-body.ts';
import { countActiveUsuarios, countOtherActiveAdmins } from './usuarios-repository.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';

type Actor = { usuarioId: string; tenantId: string };

const assertUnidadesDoTenant = async (tx: Db, ids: string[]) => {
  const found = await tx
    .select({ id: unidadesNegocio.id })
    .from(unidadesNegocio)
    .where(and(inArray(unidadesNegocio.id, ids), eq(unidadesNegocio.ativo, true)));
  if (found.length !== new Set(ids).size) throw fieldError('unidades', 'Unidade de negócio inválida ou desativada');
};

const assertLimiteUsuarios = async (tx: Db, tenantId: string) => {
  const [tenant] = await tx.select({ limite: tenants.limiteUsuarios }).from(tenants).where(eq(tenants.id, tenantId));
  const ativos = await countActiveUsuarios(tx);
  if (tenant && ativos >= tenant.limite) {
    throw badRequest(`O plano permite ${tenant.limite} usuários ativos. Desative um usuário ou fale com o suporte para ampliar.`);
  }
};

const replaceUnidades = async (tx: Db, usuarioId: string, unidades: CreateUsuarioInput['unidades']) => {
  await tx.delete(usuarioUnidades).where(eq(usuarioUnidades.usuarioId, usuarioId));
  await tx
    .insert(usuarioUnidades)
    .values(unidades.map((u) => ({ usuarioId, unidadeNegocioId: u.unidadeNegocioId, perfilId: u.perfilId })));
};

export const criarUsuario = async (tx: Db, actor: Actor, input: CreateUsuarioInput, foto?: UploadedFile): Promise<string> => {
  await assertUnidadesDoTenant(
    tx,
    input.unidades.map((u) => u.unidadeNegocioId),
  );
  if (input.ativo) await assertLimiteUsuarios(tx, actor.tenantId);
  const [row] = await tx
    .insert(usuarios)
    .values({
      nome: input.nome,
      email: input.email,
      cpf: input.cpf ?? null,
      telefone: input.telefone ?? null,
      crmv: input.crmv ?? null,
      ativo: input.ativo,
      senhaHash: await hashPassword(input.senha),
      fotoArquivoId: foto ? await storeArquivo(tx, foto) : null,
    })
    .returning({ id: usuarios.id });
  await replaceUnidades(tx, row!.id, input.unidades);
  return row!.id;
};

export const alterarUsuario = async (
  tx: Db,
  actor: Actor,
  id: string,
  input: UpdateUsuarioInput,
  foto?: UploadedFile,
): Promise<void> => {
  const [current] = await tx.select({ id: usuarios.id, ativo: usuarios.ativo }).from(usuarios).where(eq(usuarios.id, id));
  if (!current) throw notFound('Usuário não encontrado');
  await assertUnidadesDoTenant(
    tx,
    input.unidades.map((u) => u.unidadeNegocioId),
  );
  if (id === actor.usuarioId && !input.ativo) throw fieldError('ativo', 'Você não pode desativar o seu próprio usuário');
  const continuaAdmin = input.ativo && input.unidades.some((u) => u.perfilId === 'administrador');
  if (!continuaAdmin && (await countOtherActiveAdmins(tx, id)) === 0) {
    throw fieldError('unidades', 'A empresa precisa de ao menos um administrador ativo');
  }
  if (input.ativo && !current.ativo) await assertLimiteUsuarios(tx, actor.tenantId);
  await tx
    .update(usuarios)
    .set({
      nome: input.nome,
      email: input.email,
      cpf: input.cpf ?? null,
      telefone: input.telefone ?? null,
      crmv: input.crmv ?? null,
      ativo: input.ativo,
      ...(input.senha ? { senhaHash: await hashPassword(input.senha), tokenVersion: sql`${usuarios.tokenVersion} + 1` } : {}),
      ...(foto ? { fotoArquivoId: await storeArquivo(tx, foto) } : {}),
    })
    .where(eq(usuarios.id, id));
  await replaceUnidades(tx, id, input.unidades);
  clearAuthCache();
};

/** DELETE: deactivates (history keeps the user's name); refuses self and the last administrator. */
export const desativarUsuario = async (tx: Db, actor: Actor, id: string): Promise<void> => {
  const [current] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, id));
  if (!current) throw notFound('Usuário não encontrado');
  if (id === actor.usuarioId) throw badRequest('Você não pode excluir o seu próprio usuário');
  if ((await countOtherActiveAdmins(tx, id)) === 0) {
    throw badRequest('Não é possível excluir o último administrador da empresa');
  }
  await tx.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, id));
  clearAuthCache();
};
