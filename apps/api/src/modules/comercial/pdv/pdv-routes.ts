/**
 * Point of sale (spec §2 "Point of sale screen", §7 "Sales and point of sale"; DOMAIN.md §6;
 * issue #4 item 3), under /api/comercial/pdv. Every write answers the sale as `vendaSchema`,
 * money in reais. Routes accept `vendas` or `orcamentos`; the use cases check the specific one
 * for the record (a receptionist quotes, only a cashier sells: 403). Errors: 400 with field
 * messages (`itens.0.quantidade`, `financeiros.0.valorRecebido`, `clienteId`, `motivo`…) or
 * generalErrors, 403, 404 'Venda não encontrada' (another unit or tenant).
 *
 * Repeating a write is safe: the record's id is the client's, payments are keyed by `chave`,
 * and a finalised / cancelled / converted record answers as it is. Each write runs its use case
 * through pdv-transaction.ts (one transaction, the sale answered with the COMMIT).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  adicionarDescontoInputSchema,
  caixasParaPdvSchema,
  excluirVendaInputSchema,
  listarVendaOrcamentoQuerySchema,
  salvarRecebimentoInputSchema,
  snapshotInputSchema,
  transformarOrcamentoInputSchema,
  vendaInputSchema,
  vendaResumoSchema,
  vendaSchema,
} from '@petshop/shared/venda';
import { adicionarDesconto } from './adicionar-desconto.ts';
import { verificarAutorizador } from './autorizacao-desconto.ts';
import { cancelarVenda } from '../vendas/cancelar-venda.ts';
import { deixarVendaAberta } from './deixar-venda-aberta.ts';
import { excluirRecebimentoVenda } from './excluir-recebimento-venda.ts';
import { contextoPdv } from '../pdv-contexto.ts';
import { listCaixasParaPdv, listVendaOrcamento } from './pdv-repository.ts';
import { salvarRecebimento } from './salvar-recebimento.ts';
import { salvarSnapshot } from './salvar-snapshot.ts';
import { salvarVenda } from '../vendas/salvar-venda.ts';
import { transformarOrcamentoEmVenda } from './transformar-orcamento-em-venda.ts';
import { getVenda } from '../vendas/vendas-repository.ts';
import { runPdvWrite, runPdvWriteReservingNumero } from './pdv-transaction.ts';

export const pdvRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['comercial'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const pdv = { permission: [PERMISSOES.vendas, PERMISSOES.orcamentos] };
  const vendasOnly = { permission: PERMISSOES.vendas };

  app.post(
    '/snapshot',
    {
      config: pdv,
      schema: {
        tags,
        summary:
          'Salvar o registro em andamento (autosave): grava itens, totais e novos pagamentos como rascunho e guarda o registro do cliente',
        body: snapshotInputSchema,
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) => runPdvWrite(request, (tx, ctx) => salvarSnapshot(tx, request.body, ctx)),
  );

  app.post(
    '/salvar-venda',
    {
      config: pdv,
      schema: {
        tags,
        summary:
          'Salvar: orçamento fica Aberto com validade; venda é finalizada numa transação (estoque, caixa, recebíveis, crédito). Desconto acima do limite do usuário exige autorizacaoDesconto (e-mail e senha de um gerente da unidade; 400 autorizacaoDesconto sem ela). Repetir não faz nada duas vezes',
        body: vendaInputSchema,
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) => {
      const autorizador = await verificarAutorizador(request, request.body.autorizacaoDesconto);
      return runPdvWriteReservingNumero(request, request.body.id, (tx, ctx) => salvarVenda(tx, request.body, ctx, autorizador));
    },
  );

  app.post(
    '/deixar-venda-aberta',
    {
      config: vendasOnly,
      schema: {
        tags,
        summary:
          'Deixar a venda em aberto com o cliente: estoque sai, pagamentos feitos são efetivados, o saldo fica a receber. Desconto acima do limite do usuário exige autorizacaoDesconto',
        body: vendaInputSchema,
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) => {
      const autorizador = await verificarAutorizador(request, request.body.autorizacaoDesconto);
      return runPdvWriteReservingNumero(request, request.body.id, (tx, ctx) =>
        deixarVendaAberta(tx, request.body, ctx, autorizador),
      );
    },
  );

  app.post(
    '/salvar-recebimento',
    {
      config: vendasOnly,
      schema: {
        tags,
        summary:
          'Adicionar um pagamento a uma venda em aberto (idempotente pela chave); numa venda deixada em aberto ele é efetivado na hora e, quitada, a venda é finalizada',
        body: salvarRecebimentoInputSchema,
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) => runPdvWrite(request, (tx, ctx) => salvarRecebimento(tx, request.body, ctx)),
  );

  app.delete(
    '/excluir-recebimento-venda/:id',
    {
      config: vendasOnly,
      schema: {
        tags,
        summary: 'Excluir um pagamento de uma venda em aberto (estornado se já efetivado); responde a venda',
        params: idParamsSchema,
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) => runPdvWrite(request, (tx, ctx) => excluirRecebimentoVenda(tx, request.params.id, ctx)),
  );

  app.delete(
    '/excluir-venda/:id',
    {
      config: pdv,
      schema: {
        tags,
        summary:
          'Cancelar venda ou orçamento; com efeitos (em aberto ou finalizada) exige motivo (query ou corpo) e estorna estoque, caixa, recebíveis e crédito',
        params: idParamsSchema,
        querystring: excluirVendaInputSchema,
        body: excluirVendaInputSchema.nullish(),
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) =>
      runPdvWrite(request, (tx, ctx) => cancelarVenda(tx, request.params.id, request.body?.motivo ?? request.query.motivo, ctx)),
  );

  app.post(
    '/adicionar-desconto',
    {
      config: pdv,
      schema: {
        tags,
        summary: 'Aplicar desconto (Percentual ou Valor) a um item (itemId) ou à venda e gravar o registro',
        body: adicionarDescontoInputSchema,
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) => runPdvWrite(request, (tx, ctx) => adicionarDesconto(tx, request.body, ctx)),
  );

  app.post(
    '/transformar-orcamento-em-venda',
    {
      config: vendasOnly,
      schema: {
        tags,
        summary: 'Transformar orçamento aberto e válido em nova venda (preços do orçamento); repetir responde a mesma venda',
        body: transformarOrcamentoInputSchema,
        response: { 200: vendaSchema, ...errors },
      },
    },
    async (request) => runPdvWrite(request, (tx, ctx) => transformarOrcamentoEmVenda(tx, request.body.id, ctx)),
  );

  app.get(
    '/listar-venda-orcamento',
    {
      config: pdv,
      schema: {
        tags,
        summary:
          'Vendas em aberto (tab=venda) ou orçamentos (tab=orcamento) da unidade, mais recentes primeiro; busca por número ou cliente',
        querystring: listarVendaOrcamentoQuerySchema,
        response: { 200: pageOf(vendaResumoSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listVendaOrcamento(tx, request.query)),
  );

  app.get(
    '/obter-caixas-para-pdv',
    {
      config: pdv,
      schema: {
        tags,
        summary: 'Caixas abertos da unidade (o do usuário primeiro) e formas de pagamento ativas, para o PDV',
        response: { 200: caixasParaPdvSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = contextoPdv(request);
      return request.scoped((tx) => listCaixasParaPdv(tx, ctx.usuarioId));
    },
  );

  app.get(
    '/:id',
    {
      config: pdv,
      schema: { tags, summary: 'Obter venda ou orçamento', params: idParamsSchema, response: { 200: vendaSchema, ...errors } },
    },
    async (request) => request.scoped((tx) => getVenda(tx, request.params.id)),
  );
};
