/**
 * Appointments under /api/agenda/atendimentos (issue #17 items 2, 3 and 5; spec §7 "Agenda";
 * DOMAIN.md §10):
 * - GET    /                     the unit's appointments of a day or range (the board's refresh;   [agenda, banhoTosa, clinica]
 *                                ETag/304, from agenda-cache.ts while the unit's agenda is unchanged)
 * - GET    /{id}                 one appointment with its history                                 [agenda, banhoTosa, clinica]
 * - POST   /                     book (optionally repeating), 201 { id, ids }                     agenda
 * - PUT    /{id}                 change                                                           agenda
 * - DELETE /{id}                 remove (never started, no sale)                                  agenda
 * - PUT    /{id}/status          status transition with its effects                               [agenda, banhoTosa]
 * - PATCH  /{id}/prioridade      priority                                                         agenda
 * - PUT    /{id}/atividade       the board's stage                                                [agenda, banhoTosa]
 * - POST   /notificacao-webhook  the WhatsApp gateway's callbacks (receipts, replies, connection):  public,
 *                                ?unidade={id}&token={the unit's webhook secret} (401 otherwise)
 * - GET    /notificacao-webhook  the Cloud API's verification (hub.challenge echoed)                public
 * A user with banhoTosa but not agenda changes status and activity of bath-and-grooming
 * appointments only (403). Writes answer the appointment as GET /{id} would (without history).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  atendimentoCriadoSchema,
  atendimentoDetalheSchema,
  atendimentoInputSchema,
  atendimentoSchema,
  atendimentosPageSchema,
  atividadeInputSchema,
  listAtendimentosQuerySchema,
  prioridadeInputSchema,
  statusInputSchema,
} from '@petshop/shared/agenda';
import { apiErrorSchema, idParamsSchema, okSchema } from '@petshop/shared/http';
import { notificacaoWebhookQuerySchema } from '@petshop/shared/whatsapp';
import { z } from 'zod';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import { contextoPdv } from '../comercial/pdv-contexto.ts';
import { answerFromAgendaCache, canonicalQuery } from './agenda-cache.ts';
import { alterarAtendimento } from './alterar-atendimento.ts';
import { alterarAtividadeAtendimento } from './alterar-atividade-atendimento.ts';
import { alterarPrioridadeAtendimento } from './alterar-prioridade-atendimento.ts';
import { alterarStatusAtendimento } from './alterar-status-atendimento.ts';
import { getAtendimento, getAtendimentoDetalhe, listAtendimentos } from './atendimentos-repository.ts';
import { criarAtendimento } from './criar-atendimento.ts';
import { excluirAtendimento } from './excluir-atendimento.ts';
import { autenticarWebhook, receberCallback } from '../whatsapp/receber-callback.ts';
import { badRequest } from '../../lib/errors.ts';

export const atendimentosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['agenda'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const leitura = [PERMISSOES.agenda, PERMISSOES.banhoTosa, PERMISSOES.clinica];
  const quadro = [PERMISSOES.agenda, PERMISSOES.banhoTosa];
  const usuarioId = (auth: { usuarioId: string } | null) => {
    if (!auth) throw unauthorized();
    return auth.usuarioId;
  };

  app.get(
    '/',
    {
      config: { permission: leitura },
      schema: {
        tags,
        summary: 'Listar atendimentos da unidade (um dia ou período; padrão hoje)',
        querystring: listAtendimentosQuerySchema,
        response: { 200: atendimentosPageSchema, ...errors },
      },
    },
    // The board's refresh: from the per-version cache (agenda-cache.ts; ETag/304). The default
    // day is the unit's today, resolved before the key (a cached "today" never outlives its day).
    async (request, reply) => {
      const { data, dataInicio, dataFim, ...resto } = request.query;
      const periodo = ({ hoje }: { hoje: string }) => ({
        dataInicio: data ?? dataInicio ?? hoje,
        dataFim: data ?? dataFim ?? dataInicio ?? hoje,
      });
      return answerFromAgendaCache(
        request,
        reply,
        (contexto) => `atendimentos?${canonicalQuery({ ...resto, ...periodo(contexto) })}`,
        async (tx, contexto) => String(reply.serialize(await listAtendimentos(tx, { ...resto, ...periodo(contexto) }))),
      );
    },
  );

  app.get(
    '/:id',
    {
      config: { permission: leitura },
      schema: {
        tags,
        summary: 'Obter atendimento com histórico',
        params: idParamsSchema,
        response: { 200: atendimentoDetalheSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getAtendimentoDetalhe(tx, request.params.id)),
  );

  app.post(
    '/',
    {
      config: { permission: PERMISSOES.agenda },
      schema: {
        tags,
        summary: 'Agendar atendimento (com repetição opcional)',
        body: atendimentoInputSchema,
        response: { 201: atendimentoCriadoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const criado = await request.scoped((tx) => criarAtendimento(tx, request.body, usuarioId(request.auth)));
      return reply.status(201).send(criado);
    },
  );

  app.put(
    '/:id',
    {
      config: { permission: PERMISSOES.agenda },
      schema: {
        tags,
        summary: 'Alterar atendimento',
        params: idParamsSchema,
        body: atendimentoInputSchema,
        response: { 200: atendimentoSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarAtendimento(tx, request.params.id, request.body, usuarioId(request.auth));
        return getAtendimento(tx, request.params.id);
      }),
  );

  app.delete(
    '/:id',
    {
      config: { permission: PERMISSOES.agenda },
      schema: { tags, summary: 'Excluir atendimento', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await request.scoped((tx) => excluirAtendimento(tx, request.params.id));
      return { ok: true as const };
    },
  );

  app.put(
    '/:id/status',
    {
      config: { permission: quadro },
      schema: {
        tags,
        summary: 'Alterar status do atendimento',
        params: idParamsSchema,
        body: statusInputSchema,
        response: { 200: atendimentoSchema, ...errors },
      },
    },
    async (request) => {
      const ator = contextoPdv(request);
      return request.scoped(async (tx) => {
        await alterarStatusAtendimento(tx, request.params.id, request.body, ator);
        return getAtendimento(tx, request.params.id);
      });
    },
  );

  app.patch(
    '/:id/prioridade',
    {
      config: { permission: PERMISSOES.agenda },
      schema: {
        tags,
        summary: 'Alterar prioridade do atendimento',
        params: idParamsSchema,
        body: prioridadeInputSchema,
        response: { 200: atendimentoSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarPrioridadeAtendimento(tx, request.params.id, request.body.prioridade, usuarioId(request.auth));
        return getAtendimento(tx, request.params.id);
      }),
  );

  app.put(
    '/:id/atividade',
    {
      config: { permission: quadro },
      schema: {
        tags,
        summary: 'Alterar atividade do atendimento (quadro de banho e tosa)',
        params: idParamsSchema,
        body: atividadeInputSchema,
        response: { 200: atendimentoSchema, ...errors },
      },
    },
    async (request) => {
      const ator = contextoPdv(request);
      return request.scoped(async (tx) => {
        await alterarAtividadeAtendimento(tx, request.params.id, request.body.atividade, ator);
        return getAtendimento(tx, request.params.id);
      });
    },
  );

  await app.register(notificacaoWebhookRoutes);
};

/** Largest callback body accepted (bytes): the gateways' callbacks are a few KB. */
const LIMITE_CORPO_WEBHOOK = 1024 * 1024;

/** The Cloud API's verification query: the unit, and hub.* (the callback URL's own token may come too). */
const verificacaoWebhookQuerySchema = z.object({
  unidade: notificacaoWebhookQuerySchema.shape.unidade,
  token: z.string().max(200).optional(),
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * The gateway's callbacks (issue #21 item 5), in a plugin of their own: its JSON parser keeps
 * the raw body (the Cloud API signs it, X-Hub-Signature-256) for these routes only, within 1 MB.
 * - POST ?unidade={id}&token={secret}: 401 unless `token` is the unit's webhook secret (also for an
 *   unknown unit); the body in the gateway's own format (one it cannot read → 400); its events
 *   applied in the unit's scope (whatsapp/receber-callback.ts); answers `{ ok: true }`. Idempotent.
 * - GET ?unidade={id}&hub.mode=subscribe&hub.verify_token={secret}&hub.challenge={c}: answers `c`
 *   as text (the Cloud API's subscription check); 401 otherwise.
 */
const notificacaoWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['agenda'];
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: LIMITE_CORPO_WEBHOOK }, (request, corpo, done) => {
    const texto = typeof corpo === 'string' ? corpo : corpo.toString('utf8');
    (request as { corpoBruto?: string }).corpoBruto = texto;
    try {
      done(null, texto.length === 0 ? {} : JSON.parse(texto));
    } catch {
      done(badRequest('Corpo da requisição inválido'), undefined);
    }
  });

  app.post(
    '/notificacao-webhook',
    {
      config: { public: true },
      bodyLimit: LIMITE_CORPO_WEBHOOK,
      schema: {
        tags,
        summary: 'Retornos do gateway de WhatsApp (recibos, respostas, conexão), autenticados pelo segredo da unidade',
        querystring: notificacaoWebhookQuerySchema,
        response: { 200: okSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { unidade, token } = request.query;
      const escopo = await autenticarWebhook(app, unidade, token);
      await receberCallback(app, unidade, request.body, request.headers, (request as { corpoBruto?: string }).corpoBruto, escopo);
      return { ok: true as const };
    },
  );

  app.get(
    '/notificacao-webhook',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Verificação do webhook pela WhatsApp Cloud API (devolve hub.challenge)',
        querystring: verificacaoWebhookQuerySchema,
        response: { 200: z.string(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q['hub.mode'] !== 'subscribe' || !q['hub.verify_token']) throw unauthorized();
      await autenticarWebhook(app, q.unidade, q['hub.verify_token']);
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '');
    },
  );
};
