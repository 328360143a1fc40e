/**
 * Manager area (spec §7 /api/manager/tenants): platform operators list, create, read and
 * update tenants. Everyone else gets 403. Deactivating a tenant ends its users' sessions.
 * Creating a tenant creates its first Administrador: recorded as UsuarioCriado in that tenant's
 * audit log (issue #22 item 4), by the operator, right after the tenant's transaction.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, pageOf } from '@petshop/shared/http';
import { createTenantInputSchema, listTenantsQuerySchema, tenantSchema, updateTenantInputSchema } from '@petshop/shared/tenant';
import { tenants } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { criarTenant } from '../tenants/criar-tenant.ts';
import { findTenant, listTenants } from './tenants-repository.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';
import { backupRoutes } from './backup-routes.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';

export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { operator: true } as const;
  const tags = ['manager'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/tenants',
    {
      config,
      schema: {
        tags,
        summary: 'Listar tenants',
        querystring: listTenantsQuerySchema,
        response: { 200: pageOf(tenantSchema), ...errors },
      },
    },
    async (request) => listTenants(app.db, request.query),
  );

  /** Creates the tenant, a first unit named after it and its first Administrador. */
  app.post(
    '/tenants',
    {
      config,
      schema: {
        tags,
        summary: 'Criar tenant com unidade e administrador',
        body: createTenantInputSchema,
        response: { 201: tenantSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { administrador, ...tenant } = request.body;
      const ids = await criarTenant(app.db, {
        tenant,
        unidade: { nomeFantasia: tenant.nome, razaoSocial: tenant.nome, cnpj: tenant.cnpj },
        administrador,
      });
      await withTenant(app.db, { tenantId: ids.tenantId, usuarioId: request.auth?.usuarioId ?? null, ip: request.ip }, (tx) =>
        registrarAuditoria(tx, {
          acao: 'UsuarioCriado',
          entidade: 'usuario',
          entidadeId: ids.usuarioId,
          descricao: `Usuário ${administrador.nome} (${administrador.email}) criado pela plataforma (${request.auth?.nome ?? 'operador'}) com a empresa: Administrador em ${tenant.nome}`,
          depois: {
            nome: administrador.nome,
            email: administrador.email,
            unidades: [{ unidade: tenant.nome, perfil: 'Administrador' }],
            descontoMaximo: null,
            ativo: true,
          },
          unidadeNegocioId: null,
        }),
      );
      return reply.status(201).send((await findTenant(app.db, ids.tenantId))!);
    },
  );

  app.get(
    '/tenants/:id',
    { config, schema: { tags, summary: 'Obter tenant', params: idParamsSchema, response: { 200: tenantSchema, ...errors } } },
    async (request) => (await findTenant(app.db, request.params.id)) ?? Promise.reject(notFound('Tenant não encontrado')),
  );

  app.put(
    '/tenants/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Atualizar tenant',
        params: idParamsSchema,
        body: updateTenantInputSchema,
        response: { 200: tenantSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await findTenant(app.db, id);
      if (!current) throw notFound('Tenant não encontrado');
      if (!request.body.ativo && id === request.auth?.tenantId) {
        throw badRequest({ ativo: ['Você não pode desativar o tenant do seu próprio usuário'] });
      }
      if (request.body.limiteUnidades < current.totalUnidades) {
        throw badRequest({ limiteUnidades: [`O tenant já tem ${current.totalUnidades} unidades ativas`] });
      }
      if (request.body.limiteUsuarios < current.totalUsuarios) {
        throw badRequest({ limiteUsuarios: [`O tenant já tem ${current.totalUsuarios} usuários ativos`] });
      }
      await app.db
        .update(tenants)
        .set({ ...request.body, cnpj: request.body.cnpj ?? null })
        .where(eq(tenants.id, id));
      clearAuthCache();
      return (await findTenant(app.db, id))!;
    },
  );

  // npm run backup while the server runs (issue #22 item 5): authorised by its own token.
  await app.register(backupRoutes);
};
