/**
 * Public sign-up (DOMAIN.md §13; spec §2 /dados-pessoais → /petshop):
 * POST /api/auth/onboarding `{ dadosPessoais, petshop }` creates the tenant, its first unit
 * and the user as Administrador, and answers like login (201). Field errors use dotted keys
 * ('dadosPessoais.email', 'petshop.cnpj'). GET /api/auth/onboarding/email-disponivel lets step
 * one warn early that an e-mail already has an account.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginOutputSchema } from '@petshop/shared/auth';
import { apiErrorSchema } from '@petshop/shared/http';
import { emailDisponivelSchema, onboardingInputSchema } from '@petshop/shared/onboarding';
import { emailSchema } from '@petshop/shared/validators';
import { withTenant } from '../../db/tenant-scope.ts';
import { signAccessToken } from '../../plugins/auth.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';
import { getSessionUser } from '../auth/session-user.ts';
import { assertEmailDisponivel, criarTenant } from '../tenants/criar-tenant.ts';
import { AppError } from '../../lib/errors.ts';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: 20, timeWindow: '1 minute' };

  app.post(
    '/onboarding',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Cadastro de novo pet shop (dados pessoais + dados do pet shop)',
        body: onboardingInputSchema,
        response: { 201: loginOutputSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { dadosPessoais, petshop } = request.body;
      const ids = await criarTenant(app.db, {
        tenant: { nome: petshop.nomeFantasia, cnpj: petshop.cnpj },
        unidade: {
          nomeFantasia: petshop.nomeFantasia,
          razaoSocial: petshop.razaoSocial ?? petshop.nomeFantasia,
          cnpj: petshop.cnpj,
          telefone: petshop.telefone,
          email: dadosPessoais.email,
          endereco: petshop.endereco,
        },
        administrador: {
          nome: dadosPessoais.nome,
          email: dadosPessoais.email,
          senha: dadosPessoais.senha,
          cpf: dadosPessoais.cpf,
          telefone: dadosPessoais.telefone,
        },
        emailField: 'dadosPessoais',
      });
      // Audited as the manager area's tenant creation is (issue #22 item 4): the new
      // administrator created themselves, so the event is theirs, tenant-wide, with the request's IP.
      await withTenant(app.db, { tenantId: ids.tenantId, usuarioId: ids.usuarioId, ip: request.ip }, (tx) =>
        registrarAuditoria(tx, {
          acao: 'UsuarioCriado',
          entidade: 'usuario',
          entidadeId: ids.usuarioId,
          descricao: `Usuário ${dadosPessoais.nome} (${dadosPessoais.email}) criado no cadastro do pet shop: Administrador em ${petshop.nomeFantasia}`,
          depois: {
            nome: dadosPessoais.nome,
            email: dadosPessoais.email,
            unidades: [{ unidade: petshop.nomeFantasia, perfil: 'Administrador' }],
            descontoMaximo: null,
            ativo: true,
            origem: 'cadastro',
          },
          unidadeNegocioId: null,
        }),
      );
      const user = await getSessionUser(app.db, ids.usuarioId);
      const accessToken = signAccessToken(app, { id: ids.usuarioId, tenantId: ids.tenantId, tokenVersion: 0 });
      return reply.status(201).send({ accessToken, user });
    },
  );

  app.get(
    '/onboarding/email-disponivel',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Verifica se um e-mail ainda não tem conta',
        querystring: z.object({ email: emailSchema }),
        response: { 200: emailDisponivelSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      try {
        await assertEmailDisponivel(app.db, request.query.email);
        return { disponivel: true };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) return { disponivel: false };
        throw error;
      }
    },
  );
};
