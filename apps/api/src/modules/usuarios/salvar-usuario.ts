/**
 * Creates or updates a user with their units and profiles, in the caller's tenant scope
 * (one transaction). Rules: e-mail unique on the platform (the unique index answers it, see
 * plugins/errors.ts, because a tenant scope cannot see other tenants' users); every unit must be an active
 * unit of the tenant; the tenant's user limit; an administrator cannot take away the last
 * administrator (nor their own access); a password set here ends the user's sessions.
 *
 * Audit (issue #22 item 4, tenant-wide events: unidade null, in the same transaction):
 * UsuarioCriado (nome, e-mail, unidades/perfis, desconto máximo — never the password);
 * UsuarioAlterado (only the fields that changed, antes/depois; a reactivation is `ativo`
 * false → true here); UsuarioDesativado (ativo true → false, by PUT or DELETE); SenhaRedefinida
 * (an administrator set a new password: no value recorded); PermissoesAlteradas (the unit ↔
 * profile list changed: antes/depois as [{ unidade, perfil }] by name). A save that changes
 * nothing records nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreateUsuarioInput, UpdateUsuarioInput } from '@petshop/shared/usuario';
import type { Db } from '../../db/client.ts';
import { perfis, tenants, unidadesNegocio, usuarioUnidades, usuarios } from '../../db/schema/index.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { UploadedFile } from '../../lib/request-body.ts';
import { countActiveUsuarios, countOtherActiveAdmins } from './usuarios-repository.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';

type Actor = { usuarioId: string; tenantId: string };

/** A unit ↔ profile pair by id. */
type UnidadePerfil = { unidadeNegocioId: string; perfilId: string };

/** One line of a user's access as the audit log shows it: the unit's and the profile's names. */
export type PerfilNaUnidade = { unidade: string; perfil: string };

/** The names of `unidades` (unit → profile), sorted by unit, as the audit log records them. */
export const perfisPorNome = async (tx: Db, unidades: readonly UnidadePerfil[]): Promise<PerfilNaUnidade[]> => {
  if (unidades.length === 0) return [];
  const nomesUnidade = new Map(
    (
      await tx
        .select({ id: unidadesNegocio.id, nome: unidadesNegocio.nomeFantasia })
        .from(unidadesNegocio)
        .where(
          inArray(
            unidadesNegocio.id,
            unidades.map((u) => u.unidadeNegocioId),
          ),
        )
    ).map((r) => [r.id, r.nome]),
  );
  const nomesPerfil = new Map((await tx.select({ id: perfis.id, nome: perfis.nome }).from(perfis)).map((r) => [r.id, r.nome]));
  return unidades
    .map((u) => ({
      unidade: nomesUnidade.get(u.unidadeNegocioId) ?? u.unidadeNegocioId,
      perfil: nomesPerfil.get(u.perfilId) ?? u.perfilId,
    }))
    .sort((a, b) => a.unidade.localeCompare(b.unidade, 'pt-BR') || a.perfil.localeCompare(b.perfil, 'pt-BR'));
};

const textoPerfis = (lista: PerfilNaUnidade[]): string => lista.map((p) => `${p.perfil} em ${p.unidade}`).join(', ');

/** numeric(5,2) text → percent number (null stays null). */
const percentual = (v: string | null): number | null => (v === null ? null : Number(v));

/** The audited fields of a user and their labels in a sentence. */
const CAMPOS_AUDITADOS = {
  nome: 'nome',
  email: 'e-mail',
  cpf: 'CPF',
  telefone: 'telefone',
  crmv: 'CRMV',
  descontoMaximo: 'desconto máximo',
  ativo: 'situação',
} as const;
type CampoAuditado = keyof typeof CAMPOS_AUDITADOS;
type ValoresUsuario = Record<CampoAuditado, string | number | boolean | null>;

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
      descontoMaximo: input.descontoMaximo === null ? null : String(input.descontoMaximo),
      ativo: input.ativo,
      senhaHash: await hashPassword(input.senha),
      fotoArquivoId: foto ? await storeArquivo(tx, foto) : null,
    })
    .returning({ id: usuarios.id });
  await replaceUnidades(tx, row!.id, input.unidades);
  const unidades = await perfisPorNome(tx, input.unidades);
  await registrarAuditoria(tx, {
    acao: 'UsuarioCriado',
    entidade: 'usuario',
    entidadeId: row!.id,
    descricao: `Usuário ${input.nome} (${input.email}) criado: ${textoPerfis(unidades)}`,
    depois: { nome: input.nome, email: input.email, unidades, descontoMaximo: input.descontoMaximo, ativo: input.ativo },
    unidadeNegocioId: null,
  });
  return row!.id;
};

export const alterarUsuario = async (
  tx: Db,
  actor: Actor,
  id: string,
  input: UpdateUsuarioInput,
  foto?: UploadedFile,
): Promise<void> => {
  const [current] = await tx.select().from(usuarios).where(eq(usuarios.id, id));
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
      descontoMaximo: input.descontoMaximo === null ? null : String(input.descontoMaximo),
      ativo: input.ativo,
      ...(input.senha ? { senhaHash: await hashPassword(input.senha), tokenVersion: sql`${usuarios.tokenVersion} + 1` } : {}),
      ...(foto ? { fotoArquivoId: await storeArquivo(tx, foto) } : {}),
    })
    .where(eq(usuarios.id, id));
  const unidadesAntes = await tx
    .select({ unidadeNegocioId: usuarioUnidades.unidadeNegocioId, perfilId: usuarioUnidades.perfilId })
    .from(usuarioUnidades)
    .where(eq(usuarioUnidades.usuarioId, id));
  await replaceUnidades(tx, id, input.unidades);
  await auditarAlteracao(tx, {
    id,
    antes: {
      nome: current.nome,
      email: current.email,
      cpf: current.cpf,
      telefone: current.telefone,
      crmv: current.crmv,
      descontoMaximo: percentual(current.descontoMaximo),
      ativo: current.ativo,
    },
    depois: {
      nome: input.nome,
      email: input.email,
      cpf: input.cpf ?? null,
      telefone: input.telefone ?? null,
      crmv: input.crmv ?? null,
      descontoMaximo: input.descontoMaximo,
      ativo: input.ativo,
    },
    unidadesAntes,
    unidadesDepois: input.unidades,
    senhaRedefinida: Boolean(input.senha),
  });
  clearAuthCache();
};

/** The events of one PUT (see the file's comment), in the save's transaction. */
const auditarAlteracao = async (
  tx: Db,
  a: {
    id: string;
    antes: ValoresUsuario;
    depois: ValoresUsuario;
    unidadesAntes: UnidadePerfil[];
    unidadesDepois: UnidadePerfil[];
    senhaRedefinida: boolean;
  },
): Promise<void> => {
  const nome = a.depois.nome as string;
  const base = { entidade: 'usuario', entidadeId: a.id, unidadeNegocioId: null } as const;
  const desativado = a.antes.ativo === true && a.depois.ativo === false;
  const mudou = (Object.keys(CAMPOS_AUDITADOS) as CampoAuditado[]).filter(
    (c) => a.antes[c] !== a.depois[c] && !(c === 'ativo' && desativado),
  );
  if (desativado) {
    await registrarAuditoria(tx, {
      ...base,
      acao: 'UsuarioDesativado',
      descricao: `Usuário ${nome} desativado`,
      antes: { ativo: true },
      depois: { ativo: false },
    });
  }
  if (mudou.length > 0) {
    await registrarAuditoria(tx, {
      ...base,
      acao: 'UsuarioAlterado',
      descricao:
        a.antes.ativo === false && a.depois.ativo === true
          ? `Usuário ${nome} reativado${
              mudou.length > 1
                ? `; alterado: ${mudou
                    .filter((c) => c !== 'ativo')
                    .map((c) => CAMPOS_AUDITADOS[c])
                    .join(', ')}`
                : ''
            }`
          : `Usuário ${nome} alterado: ${mudou.map((c) => CAMPOS_AUDITADOS[c]).join(', ')}`,
      antes: Object.fromEntries(mudou.map((c) => [c, a.antes[c]])),
      depois: Object.fromEntries(mudou.map((c) => [c, a.depois[c]])),
    });
  }
  const chave = (l: UnidadePerfil[]) =>
    l
      .map((u) => `${u.unidadeNegocioId}:${u.perfilId}`)
      .sort()
      .join('|');
  if (chave(a.unidadesAntes) !== chave(a.unidadesDepois)) {
    const antes = await perfisPorNome(tx, a.unidadesAntes);
    const depois = await perfisPorNome(tx, a.unidadesDepois);
    await registrarAuditoria(tx, {
      ...base,
      acao: 'PermissoesAlteradas',
      descricao: `Perfis de acesso de ${nome}: ${textoPerfis(antes) || 'nenhum'} → ${textoPerfis(depois)}`,
      antes: { unidades: antes },
      depois: { unidades: depois },
    });
  }
  if (a.senhaRedefinida) {
    await registrarAuditoria(tx, {
      ...base,
      acao: 'SenhaRedefinida',
      descricao: `Senha de ${nome} redefinida por um administrador`,
    });
  }
};

/** DELETE: deactivates (history keeps the user's name); refuses self and the last administrator. */
export const desativarUsuario = async (tx: Db, actor: Actor, id: string): Promise<void> => {
  const [current] = await tx
    .select({ id: usuarios.id, nome: usuarios.nome, ativo: usuarios.ativo })
    .from(usuarios)
    .where(eq(usuarios.id, id));
  if (!current) throw notFound('Usuário não encontrado');
  if (id === actor.usuarioId) throw badRequest('Você não pode excluir o seu próprio usuário');
  if ((await countOtherActiveAdmins(tx, id)) === 0) {
    throw badRequest('Não é possível excluir o último administrador da empresa');
  }
  await tx.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, id));
  // Deleting a user already inactive changes nothing: nothing to record.
  if (current.ativo) {
    await registrarAuditoria(tx, {
      acao: 'UsuarioDesativado',
      entidade: 'usuario',
      entidadeId: id,
      descricao: `Usuário ${current.nome} desativado`,
      antes: { ativo: true },
      depois: { ativo: false },
      unidadeNegocioId: null,
    });
  }
  clearAuthCache();
};
