/**
 * NFC-e and the fiscal documents (issue #18 items 2, 3, 4, 6; spec §7 "Fiscal"), under /api/fiscal:
 * - POST /nfce {vendaId, cpf?} — the NFC-e of a finalised sale (`vendas` or `fiscal`: the cashier
 *   emits the sale they finalised): 201 issued now (autorizada, rejeitada, em contingência…), 200
 *   when the sale already had one (or a rejected one was re-sent with its number). emitir-nfce.ts.
 * - GET /documentos — the unit's documents, paged (`fiscal`; `vendas` too when filtering by
 *   vendaId, so the till shows its sale's status); GET /documentos/{id} (`fiscal` or `vendas`).
 * - POST /documentos/{id}/retransmitir (`fiscal` or `vendas`) — retransmitir-nfce.ts.
 * - POST /documentos/{id}/cancelamento {justificativa} (`fiscal`) — cancelar-nfce.ts.
 * - POST /inutilizacoes, GET /inutilizacoes (`fiscal`) — inutilizar-numeros.ts.
 * The XML, PDF and monthly zip routes are registered by their own routes file.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelarNfceInputSchema,
  documentoFiscalSchema,
  documentosFiscaisPageSchema,
  documentosFiscaisQuerySchema,
  emitirNfceInputSchema,
  inutilizacaoFiscalSchema,
  inutilizarNumerosInputSchema,
} from '@petshop/shared/fiscal';
import { apiErrorSchema, idParamsSchema, listQuerySchema, pageOf } from '@petshop/shared/http';
import { perfilPode, PERMISSOES } from '@petshop/shared/permissoes';
import { forbidden } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { cancelarNfce } from './cancelar-nfce.ts';
import { getDocumentoFiscal, listDocumentosFiscais, listInutilizacoesFiscais } from './documentos-repository.ts';
import { emitirNfce, type EscopoFiscal } from './emitir-nfce.ts';
import { inutilizarNumeros } from './inutilizar-numeros.ts';
import { retransmitirNfce } from './retransmitir-nfce.ts';

/** The acting user, tenant and selected unit (the route's permission guarantees the unit). */
const escopoDe = (request: FastifyRequest): EscopoFiscal => ({
  tenantId: request.auth!.tenantId,
  unidadeNegocioId: request.unidadeNegocioId!,
  usuarioId: request.auth!.usuarioId,
  ip: request.ip,
});

export const documentosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fiscal'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const fiscal = { permission: PERMISSOES.fiscal };
  const fiscalOuVendas = { permission: [PERMISSOES.fiscal, PERMISSOES.vendas] };

  app.post(
    '/nfce',
    {
      config: fiscalOuVendas,
      schema: {
        tags,
        summary: 'Emitir a NFC-e (modelo 65) de uma venda finalizada, com o CPF/CNPJ do consumidor opcional',
        description:
          'Autoriza na SEFAZ (até 5 s) ou emite em contingência offline quando a SEFAZ não responde. 201: emitida agora; ' +
          '200: a venda já tinha NFC-e (autorizada, em contingência ou transmitindo) ou a rejeitada foi reenviada com o mesmo número. ' +
          '400: venda não finalizada; unidade sem configurações fiscais (errors.unidade); produtos com dados fiscais inválidos ' +
          '(errors.produtoIds = ids); venda só de serviços.',
        body: emitirNfceInputSchema,
        response: { 200: documentoFiscalSchema, 201: documentoFiscalSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { documento, criado } = await emitirNfce(app, escopoDe(request), request.body);
      return reply.status(criado ? 201 : 200).send(documento);
    },
  );

  app.get(
    '/documentos',
    {
      config: fiscalOuVendas,
      schema: {
        tags,
        summary:
          'Listar documentos fiscais da unidade (query = número, chave, nº da venda, CPF ou cliente; dataInicio–dataFim da emissão no fuso da unidade; status; vendaId)',
        description: 'Permissão fiscal; com vendaId, também vendas (o PDV mostra a situação fiscal da venda).',
        querystring: documentosFiscaisQuerySchema,
        response: { 200: documentosFiscaisPageSchema, ...errors },
      },
    },
    async (request) => {
      const perfilId = request.auth!.unidades.find((u) => u.unidadeNegocioId === request.unidadeNegocioId)?.perfilId;
      if (!request.query.vendaId && !perfilPode(perfilId, PERMISSOES.fiscal)) throw forbidden();
      return request.scoped(async (tx) => listDocumentosFiscais(tx, request.query, (await getUnidadeAtual(tx)).timeZone));
    },
  );

  app.get(
    '/documentos/:id',
    {
      config: fiscalOuVendas,
      schema: {
        tags,
        summary: 'Um documento fiscal (situação, motivo da SEFAZ, QR code, se pode cancelar/retransmitir)',
        params: idParamsSchema,
        response: { 200: documentoFiscalSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getDocumentoFiscal(tx, request.params.id)),
  );

  app.post(
    '/documentos/:id/retransmitir',
    {
      config: fiscalOuVendas,
      schema: {
        tags,
        summary: 'Transmitir de novo: rejeitada (refeita com os dados atuais, mesmo número) ou em contingência/transmitindo',
        params: idParamsSchema,
        response: { 200: documentoFiscalSchema, ...errors },
      },
    },
    async (request) => retransmitirNfce(app, escopoDe(request), request.params.id),
  );

  app.post(
    '/documentos/:id/cancelamento',
    {
      config: fiscal,
      schema: {
        tags,
        summary:
          'Cancelar a NFC-e autorizada (evento 110111) em até 30 minutos da autorização, com justificativa de 15+ caracteres',
        params: idParamsSchema,
        body: cancelarNfceInputSchema,
        response: { 200: documentoFiscalSchema, ...errors },
      },
    },
    async (request) => cancelarNfce(app, escopoDe(request), request.params.id, request.body),
  );

  app.post(
    '/inutilizacoes',
    {
      config: fiscal,
      schema: {
        tags,
        summary: 'Inutilizar uma faixa de números da NFC-e nunca autorizados (série, número inicial e final, justificativa)',
        body: inutilizarNumerosInputSchema,
        response: { 201: inutilizacaoFiscalSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await inutilizarNumeros(app, escopoDe(request), request.body)),
  );

  app.get(
    '/inutilizacoes',
    {
      config: fiscal,
      schema: {
        tags,
        summary: 'Listar as inutilizações da unidade (query = um número da faixa), mais recentes primeiro',
        querystring: listQuerySchema,
        response: { 200: pageOf(inutilizacaoFiscalSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listInutilizacoesFiscais(tx, request.query)),
  );
};
