/**
 * Creates a tenant with its first business unit and its first user as Administrador of that
 * unit, in one transaction with the defaults (DOMAIN.md §13). Serves onboarding and the manager area.
 * The defaults a new shop starts with (payment methods, a cash account, financial categories,
 * species, units of measure) are the ordered list `tenantDefaults` of defaults.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants, unidadesNegocio, usuarioUnidades, usuarios } from '../../db/schema/index.ts';
import { enterTenantScope } from '../../db/tenant-scope.ts';
import { fieldError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { tenantDefaults } from './defaults.ts';

export type NovoTenant = {
  tenant: {
    nome: string;
    cnpj?: string | undefined;
    plano?: string;
    ativo?: boolean;
    limiteUnidades?: number;
    limiteUsuarios?: number;
  };
  unidade: {
    nomeFantasia: string;
    razaoSocial: string;
    cnpj: string;
    telefone?: string | undefined;
    email?: string | undefined;
    endereco?: Partial<
      Record<'cep' | 'logradouro' | 'numero' | 'complemento' | 'bairro' | 'cidade' | 'uf' | 'codigoIbge', string | undefined>
    >;
  };
  administrador: {
    nome: string;
    email: string;
    senha: string;
    cpf?: string | undefined;
    telefone?: string | undefined;
    operadorPlataforma?: boolean;
  };
  /** Field name prefix for the administrator's e-mail error ('dadosPessoais' in onboarding). */
  emailField?: string;
};

export type TenantCriado = { tenantId: string; unidadeNegocioId: string; usuarioId: string };

/** 400 on `<emailField>.email` when the e-mail already has an account. */
export const assertEmailDisponivel = async (db: Db, email: string, field = 'email'): Promise<void> => {
  const [taken] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(sql`lower(${usuarios.email}) = ${email.toLowerCase()}`);
  if (taken) throw fieldError(field, 'E-mail já cadastrado');
};

export const criarTenant = async (db: Db, input: NovoTenant): Promise<TenantCriado> => {
  const emailField = input.emailField ? `${input.emailField}.email` : 'administrador.email';
  await assertEmailDisponivel(db, input.administrador.email, emailField);
  const senhaHash = await hashPassword(input.administrador.senha);
  const ids = await db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        nome: input.tenant.nome,
        cnpj: input.tenant.cnpj ?? null,
        plano: input.tenant.plano ?? 'basico',
        ativo: input.tenant.ativo ?? true,
        limiteUnidades: input.tenant.limiteUnidades ?? 1,
        limiteUsuarios: input.tenant.limiteUsuarios ?? 5,
      })
      .returning({ id: tenants.id });
    const tenantId = tenant!.id;
    const e = input.unidade.endereco ?? {};
    const [unidade] = await tx
      .insert(unidadesNegocio)
      .values({
        tenantId,
        nomeFantasia: input.unidade.nomeFantasia,
        razaoSocial: input.unidade.razaoSocial,
        cnpj: input.unidade.cnpj,
        telefone: input.unidade.telefone ?? null,
        email: input.unidade.email ?? null,
        cep: e.cep ?? null,
        logradouro: e.logradouro ?? null,
        numero: e.numero ?? null,
        complemento: e.complemento ?? null,
        bairro: e.bairro ?? null,
        cidade: e.cidade ?? null,
        uf: e.uf ?? null,
        codigoIbge: e.codigoIbge ?? null,
      })
      .returning({ id: unidadesNegocio.id });
    const [usuario] = await tx
      .insert(usuarios)
      .values({
        tenantId,
        nome: input.administrador.nome,
        email: input.administrador.email,
        cpf: input.administrador.cpf ?? null,
        telefone: input.administrador.telefone ?? null,
        senhaHash,
        operadorPlataforma: input.administrador.operadorPlataforma ?? false,
      })
      .returning({ id: usuarios.id });
    await tx
      .insert(usuarioUnidades)
      .values({ tenantId, usuarioId: usuario!.id, unidadeNegocioId: unidade!.id, perfilId: 'administrador' });
    const ids = { tenantId, unidadeNegocioId: unidade!.id, usuarioId: usuario!.id };
    await enterTenantScope(tx, ids);
    for (const apply of tenantDefaults) await apply(tx, ids);
    return ids;
  });
  return ids;
};
