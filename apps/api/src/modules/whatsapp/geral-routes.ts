/**
 * /api/geral WhatsApp calls (issue #21; spec §7 "WhatsApp"), permission `whatsapp`:
 * - PUT /unidades-negocio/{id}/whatsapp/mensagens — the unit's templates (modelosMensagemSchema;
 *   400 keyed `aniversario.texto`, …); answers the saved set. A unit of another tenant → 404; a
 *   unit of the tenant the user does not belong to, or where their profile lacks `whatsapp` → 403.
 * - POST /enviar-mensagem-aniversario — the selected unit's birthdays of today (its time zone)
 *   queued now (envioAniversarioSchema); 400 when the birthday template is off or the unit is not
 *   connected (enviar-mensagem-aniversario.ts says why).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES, perfilPode } from '@petshop/shared/permissoes';
import { envioAniversarioSchema, modelosMensagemSchema } from '@petshop/shared/whatsapp';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { enviarMensagemAniversario } from './enviar-mensagem-aniversario.ts';
import { getModelosMensagem, salvarModelosMensagem } from './salvar-modelos-mensagem.ts';

export const whatsappGeralRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['whatsapp'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const permission = PERMISSOES.whatsapp;

  /**
   * The unit in the path must be one the user works in with `whatsapp` (403); one the tenant
   * does not have is a 404 (checked under RLS by the use case, so a unit of another tenant is
   * never told apart from one that does not exist).
   */
  const assertPodeUnidade = async (request: FastifyRequest, unidadeNegocioId: string) => {
    if (!request.auth) throw unauthorized();
    const membro = request.auth.unidades.find((u) => u.unidadeNegocioId === unidadeNegocioId);
    if (membro && perfilPode(membro.perfilId, permission)) return;
    // Exists in the tenant (403) or not (404, thrown by the read).
    await request.scoped((tx) => getModelosMensagem(tx, unidadeNegocioId));
    throw forbidden('Você não tem acesso a esta unidade de negócio');
  };

  app.put(
    '/unidades-negocio/:id/whatsapp/mensagens',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Salvar os modelos de mensagem do WhatsApp da unidade',
        params: idParamsSchema,
        body: modelosMensagemSchema,
        response: { 200: modelosMensagemSchema, ...errors },
      },
    },
    async (request) => {
      await assertPodeUnidade(request, request.params.id);
      return request.scoped((tx) => salvarModelosMensagem(tx, request.params.id, request.body));
    },
  );

  app.post(
    '/enviar-mensagem-aniversario',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Enviar agora as mensagens de aniversário de hoje da unidade',
        response: { 200: envioAniversarioSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      return enviarMensagemAniversario((fn) => request.scoped(fn), {
        unidadeNegocioId: request.unidadeNegocioId!,
        gateway: app.whatsapp,
        baseUrl: app.appConfig.appUrl ?? `${request.protocol}://${request.host}`,
        encryptionKey: app.appConfig.encryptionKey,
        log: request.log,
        usuarioId: request.auth.usuarioId,
      });
    },
  );
};
