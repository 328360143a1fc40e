/**
 * /api/whatsapp (issue #21; spec §7 "WhatsApp"): the unit's connection, QR, status, test
 * message, the message log and a message to a customer. The templates and today's birthdays are
 * under /api/geral (geral-routes.ts); the gateway's callbacks arrive at
 * POST /api/agenda/atendimentos/notificacao-webhook.
 *
 * Every call works on the selected unit (x-unidade-negocio) and needs `whatsapp` (Administrador,
 * Gerente), except POST /mensagens (the customer page's "WhatsApp" action: `clientes`).
 * - GET / — connection as stored, templates, outbox counts (whatsappSchema).
 * - GET /status — asks the gateway, stores and answers the state; a failing gateway → the stored state.
 * - GET /qrcode — the QR as a PNG data URL while AguardandoLeitura (the gateway asked too: it renews it).
 * - POST /conectar (→ QR), POST /desconectar (→ status); gateway failure → 503.
 * - POST /simular-leitura — fake gateway only (404 otherwise): "the phone read the QR".
 * - PUT /credenciais — Cloud API only (400 otherwise): phone number id and token, stored encrypted.
 * - POST /simular-resposta — fake gateway only (404 otherwise): "the owner answered" (the webhook's handler).
 * - POST /mensagem-teste — a test message sent now (400 'WhatsApp desconectado' unless Conectado).
 * - GET /mensagens — the log (filters status, tipo, pessoaId, query; paged, newest first).
 * - POST /mensagens (permission `clientes`) — a message typed to a customer, queued (201); 400 on
 *   `telefone` when the customer has no WhatsApp phone.
 * - POST /mensagens/{id}/reenviar (Falhou → Pendente), /cancelar (Pendente → Cancelada).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, okSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  credenciaisWhatsappSchema,
  mensagemAvulsaSchema,
  mensagemTesteSchema,
  mensagemWhatsappSchema,
  mensagensWhatsappPageSchema,
  mensagensWhatsappQuerySchema,
  simularLeituraSchema,
  simularRespostaSchema,
  whatsappQrcodeSchema,
  whatsappSchema,
  whatsappStatusSchema,
} from '@petshop/shared/whatsapp';
import { unauthorized } from '../../lib/errors.ts';
import { cancelarMensagem } from './cancelar-mensagem.ts';
import { getWhatsapp, toWhatsappStatus } from './conexao-repository.ts';
import {
  atualizarEstadoWhatsapp,
  conectarWhatsapp,
  desconectarWhatsapp,
  salvarCredenciaisWhatsapp,
  simularLeituraQrcode,
  toWhatsappQrcode,
  type ContextoConexao,
  type Escopo,
} from './conectar-whatsapp.ts';
import { enviarMensagemAvulsa } from './enviar-mensagem-avulsa.ts';
import { enviarMensagemTeste } from './enviar-mensagem-teste.ts';
import { getMensagem, listMensagens } from './mensagens-repository.ts';
import { reenviarMensagem } from './reenviar-mensagem.ts';
import { simularRespostaWhatsapp } from './simular-resposta.ts';

export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['whatsapp'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const gatewayErrors = { ...errors, 503: apiErrorSchema };
  const permission = PERMISSOES.whatsapp;

  /** The base of the unit's webhook URL: APP_URL, else this request's origin. */
  const baseUrl = (request: FastifyRequest) => app.appConfig.appUrl ?? `${request.protocol}://${request.host}`;

  const auth = (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized();
    return request.auth;
  };

  const escopo =
    (request: FastifyRequest): Escopo =>
    (fn) =>
      request.scoped(fn);

  const conexao = (request: FastifyRequest): ContextoConexao => ({
    // The permission check guarantees a selected unit.
    unidadeNegocioId: request.unidadeNegocioId!,
    gateway: app.whatsapp,
    baseUrl: baseUrl(request),
    encryptionKey: app.appConfig.encryptionKey,
    log: request.log,
  });

  app.get(
    '/',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Conexão do WhatsApp da unidade, modelos e contadores',
        response: { 200: whatsappSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped((tx) =>
        getWhatsapp(tx, { unidadeNegocioId: request.unidadeNegocioId!, gateway: app.whatsapp.id, baseUrl: baseUrl(request) }),
      ),
  );

  app.get(
    '/status',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Status da conexão (consulta o gateway; se ele falhar, o último status conhecido)',
        response: { 200: whatsappStatusSchema, ...errors },
      },
    },
    async (request) => toWhatsappStatus(await atualizarEstadoWhatsapp(escopo(request), conexao(request))),
  );

  app.get(
    '/qrcode',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'QR code para ler com o celular (PNG em data URL) enquanto aguarda leitura',
        response: { 200: whatsappQrcodeSchema, ...errors },
      },
    },
    async (request) => toWhatsappQrcode(await atualizarEstadoWhatsapp(escopo(request), conexao(request))),
  );

  app.post(
    '/conectar',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Iniciar a conexão (o gateway mostra um QR code)',
        response: { 200: whatsappQrcodeSchema, ...gatewayErrors },
      },
    },
    async (request) => toWhatsappQrcode(await conectarWhatsapp(escopo(request), conexao(request))),
  );

  app.post(
    '/desconectar',
    {
      config: { permission },
      schema: { tags, summary: 'Desconectar o número da unidade', response: { 200: whatsappStatusSchema, ...gatewayErrors } },
    },
    async (request) => toWhatsappStatus(await desconectarWhatsapp(escopo(request), conexao(request))),
  );

  app.post(
    '/simular-leitura',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Simular a leitura do QR code (só com o gateway simulado; desenvolvimento e demonstração)',
        body: simularLeituraSchema,
        response: { 200: whatsappStatusSchema, ...errors },
      },
    },
    async (request) => toWhatsappStatus(await simularLeituraQrcode(escopo(request), conexao(request), request.body.numero)),
  );

  app.put(
    '/credenciais',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Credenciais da WhatsApp Cloud API da unidade (guardadas cifradas, nunca devolvidas)',
        body: credenciaisWhatsappSchema,
        response: { 200: whatsappSchema, ...errors },
      },
    },
    async (request) => {
      await salvarCredenciaisWhatsapp(escopo(request), conexao(request), request.body);
      return request.scoped((tx) =>
        getWhatsapp(tx, { unidadeNegocioId: request.unidadeNegocioId!, gateway: app.whatsapp.id, baseUrl: baseUrl(request) }),
      );
    },
  );

  app.post(
    '/simular-resposta',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Simular a resposta de um cliente pelo WhatsApp (só com o gateway simulado; desenvolvimento e demonstração)',
        body: simularRespostaSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await simularRespostaWhatsapp(
        app,
        { tenantId: auth(request).tenantId, unidadeNegocioId: request.unidadeNegocioId! },
        request.body,
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/mensagem-teste',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Enviar uma mensagem de teste agora (a unidade precisa estar conectada)',
        body: mensagemTesteSchema,
        response: { 200: mensagemWhatsappSchema, ...errors },
      },
    },
    async (request) =>
      enviarMensagemTeste(
        app,
        escopo(request),
        { ...conexao(request), tenantId: auth(request).tenantId, usuarioId: auth(request).usuarioId },
        request.body,
      ),
  );

  app.get(
    '/mensagens',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Mensagens da unidade (mais recentes primeiro; filtros status, tipo, cliente e busca)',
        querystring: mensagensWhatsappQuerySchema,
        response: { 200: mensagensWhatsappPageSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => listMensagens(tx, request.query)),
  );

  app.post(
    '/mensagens',
    {
      config: { permission: PERMISSOES.clientes },
      schema: {
        tags,
        summary: 'Enviar uma mensagem a um cliente (entra na fila; ao WhatsApp do cliente, se o telefone não for informado)',
        body: mensagemAvulsaSchema,
        response: { 201: mensagemWhatsappSchema, ...errors },
      },
    },
    async (request, reply) => {
      const mensagem = await request.scoped((tx) =>
        enviarMensagemAvulsa(tx, { ...request.body, usuarioId: auth(request).usuarioId }),
      );
      return reply.status(201).send(mensagem);
    },
  );

  app.post(
    '/mensagens/:id/reenviar',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Reenviar uma mensagem que falhou (volta para a fila)',
        params: idParamsSchema,
        response: { 200: mensagemWhatsappSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await reenviarMensagem(tx, request.params.id);
        return getMensagem(tx, request.params.id);
      }),
  );

  app.post(
    '/mensagens/:id/cancelar',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Cancelar uma mensagem pendente',
        params: idParamsSchema,
        response: { 200: mensagemWhatsappSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await cancelarMensagem(tx, request.params.id);
        return getMensagem(tx, request.params.id);
      }),
  );
};
