/**
 * Cash registers under /api/comercial/caixas (spec §7 "Cash registers"; DOMAIN.md §6 "Caixa";
 * issue #4 item 2). HTTP only: schemas, permissions, status codes; the rules live in
 * abrir-caixa.ts, fechar-caixa.ts, movimentar-caixa.ts and acesso-caixa.ts.
 *
 * Permissions: reading (and printing the closing report, GET /{id}/imprimir) needs caixa or
 * financeiro; opening and the movements need caixa; closing needs caixa (own register) or
 * caixa.fechar (anyone's in the unit). Acting on someone else's register needs caixa.fechar
 * (403 otherwise). Under the unit's blind closing, expected amounts and differences are
 * withheld from readers without caixa.fechar or financeiro (fechamento-cego.ts). Money in reais.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  abrirCaixaInputSchema,
  caixaResumoSchema,
  caixaSchema,
  creditoClienteCaixaInputSchema,
  despesaCaixaInputSchema,
  fecharCaixaInputSchema,
  listCaixasQuerySchema,
  movimentacaoCaixaSchema,
  sangriaInputSchema,
  suprimentoInputSchema,
  transferenciaCaixaInputSchema,
} from '@petshop/shared/caixa';
import { apiErrorSchema, idParamsSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../../lib/errors.ts';
import { abrirCaixa } from './abrir-caixa.ts';
import { atorCaixa } from './acesso-caixa.ts';
import { getMovimentacaoCaixa } from './caixas-repository.ts';
import { getCaixaParaLeitor, listCaixasParaLeitor, podeVerEsperado } from './fechamento-cego.ts';
import { fecharCaixa } from './fechar-caixa.ts';
import { formatoImpressaoQuerySchema, respostaPdf } from '../impressao-pdf.ts';
import { imprimirFechamentoCaixa } from './imprimir-fechamento-caixa.ts';
import { creditoClienteCaixa, despesaCaixa, sangriaCaixa, suprimentoCaixa, transferenciaCaixa } from './movimentar-caixa.ts';

export const caixasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['comercial'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const ler = { permission: [PERMISSOES.caixa, PERMISSOES.financeiro] };
  const operar = { permission: PERMISSOES.caixa };
  const fechar = { permission: [PERMISSOES.caixa, PERMISSOES.caixaFechar] };

  app.post(
    '/abrir-caixa',
    {
      config: operar,
      schema: {
        tags,
        summary:
          'Abrir caixa com o fundo de troco (valorAbertura em reais, em dinheiro); um caixa aberto por operador por unidade',
        body: abrirCaixaInputSchema,
        response: { 201: caixaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const usuarioId = request.auth?.usuarioId;
      if (!usuarioId) throw unauthorized();
      const veEsperado = podeVerEsperado(request);
      const caixa = await request.scoped(async (tx) =>
        getCaixaParaLeitor(tx, await abrirCaixa(tx, usuarioId, request.body), veEsperado),
      );
      return reply.status(201).send(caixa);
    },
  );

  app.get(
    '/',
    {
      config: ler,
      schema: {
        tags,
        summary:
          'Listar caixas da unidade (mais recentes primeiro; filtros status, dataInicio/dataFim da abertura no fuso da unidade, usuarioId) com entradas, saídas e saldo em dinheiro',
        querystring: listCaixasQuerySchema,
        response: { 200: pageOf(caixaResumoSchema), ...errors },
      },
    },
    async (request) => {
      const veEsperado = podeVerEsperado(request);
      return request.scoped((tx) => listCaixasParaLeitor(tx, request.query, veEsperado));
    },
  );

  app.get(
    '/:id',
    {
      config: ler,
      schema: {
        tags,
        summary:
          'Obter caixa com movimentações (mais antigas primeiro), totais por forma de pagamento (esperado; contado e diferença após o fechamento) e conferência',
        params: idParamsSchema,
        response: { 200: caixaSchema, ...errors },
      },
    },
    async (request) => {
      const veEsperado = podeVerEsperado(request);
      return request.scoped((tx) => getCaixaParaLeitor(tx, request.params.id, veEsperado));
    },
  );

  app.post(
    '/:id/fechar',
    {
      config: fechar,
      schema: {
        tags,
        summary:
          'Fechar caixa com o valor contado por forma de pagamento (formaPagamentoId null = dinheiro); forma com movimentos sem contagem conta 0 (crédito do cliente, a prazo e boleto: o esperado). Guarda a conferência esperado × contado',
        params: idParamsSchema,
        body: fecharCaixaInputSchema,
        response: { 200: caixaSchema, ...errors },
      },
    },
    async (request) => {
      const ator = atorCaixa(request);
      return request.scoped(async (tx) => {
        await fecharCaixa(tx, ator, request.params.id, request.body);
        return getCaixaParaLeitor(tx, request.params.id, ator.veEsperado ?? true);
      });
    },
  );

  app.get(
    '/:id/imprimir',
    {
      config: ler,
      schema: {
        tags,
        summary:
          'Relatório de fechamento do caixa em PDF (bobina de 80 mm, padrão, ou A4): esperado, contado e diferença por forma de pagamento (no fechamento cego, só o contado para quem não é gerente), vendas, sangrias, suprimentos, devoluções e assinaturas',
        description: 'Content-Type application/pdf, Content-Disposition inline; filename="fechamento-caixa-<numero>.pdf".',
        params: idParamsSchema,
        querystring: formatoImpressaoQuerySchema,
        response: { 200: respostaPdf('O relatório de fechamento em PDF (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const veEsperado = podeVerEsperado(request);
      const { numero, pdf } = await request.scoped((tx) =>
        imprimirFechamentoCaixa(tx, request.params.id, request.query.formato, veEsperado),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="fechamento-caixa-${numero}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/:id/sangria',
    {
      config: operar,
      schema: {
        tags,
        summary: 'Sangria: retirada de dinheiro do caixa aberto (no máximo o dinheiro em caixa)',
        params: idParamsSchema,
        body: sangriaInputSchema,
        response: { 201: movimentacaoCaixaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ator = atorCaixa(request);
      const movimento = await request.scoped(async (tx) =>
        getMovimentacaoCaixa(tx, await sangriaCaixa(tx, ator, request.params.id, request.body)),
      );
      return reply.status(201).send(movimento);
    },
  );

  app.post(
    '/:id/suprimento',
    {
      config: operar,
      schema: {
        tags,
        summary: 'Suprimento: entrada de dinheiro no caixa aberto',
        params: idParamsSchema,
        body: suprimentoInputSchema,
        response: { 201: movimentacaoCaixaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ator = atorCaixa(request);
      const movimento = await request.scoped(async (tx) =>
        getMovimentacaoCaixa(tx, await suprimentoCaixa(tx, ator, request.params.id, request.body)),
      );
      return reply.status(201).send(movimento);
    },
  );

  app.post(
    '/:id/despesa',
    {
      config: operar,
      schema: {
        tags,
        summary: 'Despesa paga com o dinheiro do caixa (categoria financeira de despesa opcional; no máximo o dinheiro em caixa)',
        params: idParamsSchema,
        body: despesaCaixaInputSchema,
        response: { 201: movimentacaoCaixaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ator = atorCaixa(request);
      const movimento = await request.scoped(async (tx) =>
        getMovimentacaoCaixa(tx, await despesaCaixa(tx, ator, request.params.id, request.body)),
      );
      return reply.status(201).send(movimento);
    },
  );

  app.post(
    '/:id/credito-cliente',
    {
      config: operar,
      schema: {
        tags,
        summary:
          'Depósito de crédito do cliente: entrada no caixa pela forma de pagamento (padrão dinheiro) e crédito no extrato do cliente',
        params: idParamsSchema,
        body: creditoClienteCaixaInputSchema,
        response: { 201: movimentacaoCaixaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ator = atorCaixa(request);
      const movimento = await request.scoped(async (tx) =>
        getMovimentacaoCaixa(tx, await creditoClienteCaixa(tx, ator, request.params.id, request.body)),
      );
      return reply.status(201).send(movimento);
    },
  );

  app.post(
    '/:id/transferencia',
    {
      config: operar,
      schema: {
        tags,
        summary:
          'Transferência do dinheiro do caixa para uma conta financeira da unidade (lançada no extrato da conta com a data de hoje)',
        params: idParamsSchema,
        body: transferenciaCaixaInputSchema,
        response: { 201: movimentacaoCaixaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ator = atorCaixa(request);
      const movimento = await request.scoped(async (tx) =>
        getMovimentacaoCaixa(tx, await transferenciaCaixa(tx, ator, request.params.id, request.body)),
      );
      return reply.status(201).send(movimento);
    },
  );
};
