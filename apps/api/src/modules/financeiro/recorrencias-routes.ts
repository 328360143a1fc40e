/**
 * Recurring payables under /api/financeiro/recorrencias (DOMAIN.md §7; issue #6 items 1 and 3),
 * permission `financeiro`, every call in the request's one scoped transaction (other units'
 * and tenants' recurrences answer 404):
 * - GET  /recorrencias                  list (status, query), alphabetical
 * - GET  /recorrencias/exportar         the same filters as CSV or XLSX
 * - POST /recorrencias                  create (201) and generate its payables 90 days ahead
 * - GET  /recorrencias/{id}             one
 * - PUT  /recorrencias/{id}             change; replaces its future open payables
 * - POST /recorrencias/{id}/pausar | retomar | encerrar
 * There is no DELETE: ending (`encerrar`) keeps the history. Rules: salvar-recorrencia.ts and
 * gerar-recorrencias.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACOES_RECORRENCIA,
  exportarQuerySchema,
  listRecorrenciasQuerySchema,
  recorrenciaInputSchema,
  recorrenciaSchema,
} from '@petshop/shared/financeiro';
import { apiErrorSchema, idParamsSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { spreadsheetResponseSchema } from '../../lib/spreadsheet-export.ts';
import { enviarPlanilhaExportada } from '../../lib/registrar-exportacao.ts';
import { exportarRecorrencias, findRecorrencia, listRecorrencias } from './recorrencias-repository.ts';
import { acaoRecorrencia, alterarRecorrencia, criarRecorrencia, RECORRENCIA_NAO_ENCONTRADA } from './salvar-recorrencia.ts';

const acaoParamsSchema = idParamsSchema.extend({
  acao: z.enum(ACOES_RECORRENCIA, { error: 'Ação inválida (use pausar, retomar ou encerrar)' }),
});

const getRecorrencia = async (tx: Db, id: string) => {
  const r = await findRecorrencia(tx, id);
  if (!r) throw notFound(RECORRENCIA_NAO_ENCONTRADA);
  return r;
};

export const recorrenciasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['financeiro'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const config = { permission: PERMISSOES.financeiro };

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Listar recorrências',
        description:
          'Filtros status (um ou vários, separados por vírgula: Ativa, Pausada, Encerrada) e query (descrição ou fornecedor). Em ordem alfabética. geradas: contas a pagar geradas não canceladas; proximoVencimento: a próxima em aberto a partir de hoje (ou, se ativa, a próxima ainda a gerar).',
        querystring: listRecorrenciasQuerySchema,
        response: { 200: pageOf(recorrenciaSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listRecorrencias(tx, request.query)),
  );

  app.get(
    '/exportar',
    {
      config,
      schema: {
        tags,
        summary: 'Exportar recorrências (CSV ou XLSX)',
        description: 'As recorrências filtradas (status, query), todas as páginas. formato: csv ou xlsx (padrão).',
        querystring: listRecorrenciasQuerySchema.extend(exportarQuerySchema.shape),
        response: { 200: spreadsheetResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { formato, ...query } = request.query;
      const planilha = await request.scoped((tx) => exportarRecorrencias(tx, query, formato));
      return enviarPlanilhaExportada(request, reply, planilha, { titulo: 'Lista de recorrências', lista: 'recorrencias' });
    },
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Cadastrar recorrência',
        description:
          'Uma conta a pagar que se repete (semanal, mensal ou anual, a cada `intervalo`), sem fim, até `dataFim` ou por `totalOcorrencias` vezes, a partir de `dataInicio` (primeiro vencimento). Gera as contas a pagar com vencimento até 90 dias à frente (um início no passado gera também as já vencidas). Categoria de despesa ativa; fornecedor, forma de pagamento e conta da unidade. Com `id` (uuid do cliente), reenviar responde a mesma recorrência.',
        body: recorrenciaInputSchema,
        response: { 201: recorrenciaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const r = await request.scoped(async (tx) => getRecorrencia(tx, await criarRecorrencia(tx, request.body)));
      return reply.status(201).send(r);
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: { tags, summary: 'Obter recorrência', params: idParamsSchema, response: { 200: recorrenciaSchema, ...errors } },
    },
    async (request) => request.scoped((tx) => getRecorrencia(tx, request.params.id)),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Alterar recorrência',
        description:
          'Troca os dados e substitui as contas a pagar geradas ainda em aberto, sem pagamento e com vencimento depois de hoje; as passadas, pagas ou canceladas ficam como estão. Primeiro vencimento, frequência e intervalo só mudam enquanto nenhuma conta gerada ficou (400 no campo: encerre e crie outra). Encerrada: 400.',
        params: idParamsSchema,
        body: recorrenciaInputSchema,
        response: { 200: recorrenciaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarRecorrencia(tx, request.params.id, request.body);
        return getRecorrencia(tx, request.params.id);
      }),
  );

  app.post(
    '/:id/:acao',
    {
      config,
      schema: {
        tags,
        summary: 'Pausar, retomar ou encerrar recorrência',
        description:
          'pausar: Pausada, e as contas geradas em aberto, sem pagamento e com vencimento depois de hoje são excluídas. retomar: Ativa de novo, gerando a partir da primeira ocorrência ainda não gerada com vencimento hoje ou depois (o que venceu durante a pausa não é gerado). encerrar: Encerrada (definitivo), excluindo as futuras em aberto como ao pausar. As passadas e pagas nunca mudam. Repetir a ação responde a recorrência como está; pausar ou retomar uma encerrada: 400.',
        params: acaoParamsSchema,
        response: { 200: recorrenciaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await acaoRecorrencia(tx, request.params.id, request.params.acao);
        return getRecorrencia(tx, request.params.id);
      }),
  );
};
