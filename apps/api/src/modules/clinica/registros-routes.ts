/**
 * A pet's clinical records (issue #19 item 4; spec §7 "Clinic"), under /api/clinica and
 * /api/clinicas:
 * - GET /registros?petId=&tipo=&query=&page=&pageSize= — newest first (registroPageSchema);
 * - GET /registros/historico-peso?petId= — the weight series, oldest first;
 * - GET /registros/{id};
 * - POST /registros — multipart: a `dados` part (registroInputSchema as JSON) and `anexos` file
 *   parts (PDF, PNG, JPEG, WebP; 10 MB each; at most 4 per request), or plain JSON; 201;
 * - PUT /registros/{id} — the same body; new `anexos` are added, `anexosRemovidos` deleted;
 * - DELETE /registros/{id}.
 * Reads: permission `clinica` or `clientes` (every unit of the tenant reads the pet's chart;
 * `editavel` only for the unit that wrote it and the clinic permission). Writes: `clinica`, and
 * only from the unit that wrote the record (404 otherwise). The record's PDF is
 * clinica-pdf-routes.ts (GET /registros/{id}/pdf). Rules: salvar-registro.ts, excluir-registro.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  historicoPesoQuerySchema,
  historicoPesoSchema,
  listRegistrosQuerySchema,
  registroInputSchema,
  registroPageSchema,
  registroSchema,
} from '@petshop/shared/clinica';
import { apiErrorSchema, idParamsSchema, okSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { readBody } from '../../lib/request-body.ts';
import { podeEscreverNaClinica } from './clinica-permissao.ts';
import { excluirRegistro } from './excluir-registro.ts';
import { getRegistro, listHistoricoPeso, listRegistros } from './registros-repository.ts';
import { alterarRegistro, ANEXO_MAX_BYTES, ANEXO_RULE, criarRegistro } from './salvar-registro.ts';

const anexoRules = { anexos: ANEXO_RULE };

export const registrosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clinica'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const leitura = [PERMISSOES.clinica, PERMISSOES.clientes];
  const escrita = PERMISSOES.clinica;

  app.get(
    '/registros',
    {
      config: { permission: leitura },
      schema: {
        tags,
        summary: 'Registros clínicos do pet (mais recentes primeiro; filtro por tipo e texto)',
        querystring: listRegistrosQuerySchema,
        response: { 200: registroPageSchema, ...errors },
      },
    },
    async (request) => {
      const podeEscrever = podeEscreverNaClinica(request);
      return request.scoped((tx) => listRegistros(tx, request.query, podeEscrever));
    },
  );

  app.get(
    '/registros/historico-peso',
    {
      config: { permission: leitura },
      schema: {
        tags,
        summary: 'Histórico de peso do pet (registros com peso, mais antigos primeiro)',
        querystring: historicoPesoQuerySchema,
        response: { 200: historicoPesoSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => listHistoricoPeso(tx, request.query.petId)),
  );

  app.get(
    '/registros/:id',
    {
      config: { permission: leitura },
      schema: { tags, summary: 'Obter registro clínico', params: idParamsSchema, response: { 200: registroSchema, ...errors } },
    },
    async (request) => {
      const podeEscrever = podeEscreverNaClinica(request);
      return request.scoped((tx) => getRegistro(tx, request.params.id, { podeEscrever }));
    },
  );

  app.post(
    '/registros',
    {
      config: { permission: escrita, multipart: { dados: registroInputSchema, files: ['anexos'] } },
      schema: {
        tags,
        summary: 'Criar registro clínico (multipart: dados + anexos)',
        response: { 201: registroSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { dados, fileLists } = await readBody(request, registroInputSchema, anexoRules, { fileSize: ANEXO_MAX_BYTES });
      const autor = { usuarioId: request.auth!.usuarioId };
      const registro = await request.scoped(async (tx) => {
        const id = await criarRegistro(tx, dados, fileLists.anexos ?? [], autor);
        return getRegistro(tx, id, { podeEscrever: true });
      });
      return reply.status(201).send(registro);
    },
  );

  app.put(
    '/registros/:id',
    {
      config: { permission: escrita, multipart: { dados: registroInputSchema, files: ['anexos'] } },
      schema: {
        tags,
        summary: 'Alterar registro clínico (multipart: dados + anexos; anexosRemovidos)',
        params: idParamsSchema,
        response: { 200: registroSchema, ...errors },
      },
    },
    async (request) => {
      const { dados, fileLists } = await readBody(request, registroInputSchema, anexoRules, { fileSize: ANEXO_MAX_BYTES });
      const autor = { usuarioId: request.auth!.usuarioId };
      return request.scoped(async (tx) => {
        await alterarRegistro(tx, request.params.id, dados, fileLists.anexos ?? [], autor);
        return getRegistro(tx, request.params.id, { podeEscrever: true });
      });
    },
  );

  app.delete(
    '/registros/:id',
    {
      config: { permission: escrita },
      schema: { tags, summary: 'Excluir registro clínico', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await request.scoped((tx) => excluirRegistro(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
