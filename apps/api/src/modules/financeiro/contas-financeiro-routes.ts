/**
 * Account balances, transfers and the ledger (spec §7 "Finance"; DOMAIN.md §7 "Contas";
 * issue #6 item 1), every call in the request's one scoped transaction (row-level security
 * keeps other units and tenants out):
 * - `contasFinanceiroRoutes`, registered at /api/financeiro/contas beside the accounts' CRUD
 *   (static paths win over /contas/{id} in Fastify):
 *   - GET  /contas/saldo                          every active account with its balance, and the sum
 *   - POST /contas/transferencia                  a transfer (201; same `id` again: the first one, nothing moves twice)
 *   - POST /contas/transferencia/{id}/estornar    its reversal (twice: 400 'Transferência já estornada')
 * - `movimentacoesRoutes`, at /api/financeiro/movimentacoes:
 *   - GET  /movimentacoes                         the ledger, newest first (movimentacoes-repository.ts)
 *   - GET  /movimentacoes/exportar?formato=csv|xlsx  the same filters as a spreadsheet
 * Reading needs `financeiro` or `caixa` (balances) / `financeiro` (ledger); transfers `financeiro`.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportarQuerySchema,
  listMovimentacoesQuerySchema,
  movimentacoesPageSchema,
  saldoContasSchema,
  transferenciaInputSchema,
  transferenciaSchema,
} from '@petshop/shared/financeiro';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import { spreadsheetResponseSchema } from '../../lib/spreadsheet-export.ts';
import { enviarPlanilhaExportada } from '../../lib/registrar-exportacao.ts';
import { exportarMovimentacoes, listMovimentacoes, getSaldoContas } from './movimentacoes-repository.ts';
import { estornarTransferencia, transferirEntreContas } from './transferir-entre-contas.ts';

const tags = ['financeiro'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const usuarioDe = (request: FastifyRequest): string => {
  if (!request.auth) throw unauthorized();
  return request.auth.usuarioId;
};

export const contasFinanceiroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/saldo',
    {
      config: { permission: [PERMISSOES.financeiro, PERMISSOES.caixa] },
      schema: {
        tags,
        summary: 'Saldo das contas da unidade',
        description:
          'Cada conta ativa da unidade selecionada com o saldo (saldo inicial + movimentações, em reais), em ordem alfabética, e o total.',
        response: { 200: saldoContasSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getSaldoContas(tx)),
  );

  app.post(
    '/transferencia',
    {
      config: { permission: PERMISSOES.financeiro },
      schema: {
        tags,
        summary: 'Transferir entre contas',
        description:
          'Tira `valor` da conta de origem e põe na conta de destino (duas movimentações de origem "transferencia" com o mesmo origemId = id da transferência); o saldo total não muda. Ambas as contas ativas e da unidade (400 no campo). `data` padrão hoje, nunca depois de hoje. Com `id` (uuid do cliente), reenviar responde a primeira transferência sem mover nada de novo.',
        body: transferenciaInputSchema,
        response: { 201: transferenciaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const usuarioId = usuarioDe(request);
      const transferencia = await request.scoped((tx) => transferirEntreContas(tx, request.body, usuarioId));
      return reply.status(201).send(transferencia);
    },
  );

  app.post(
    '/transferencia/:id/estornar',
    {
      config: { permission: PERMISSOES.financeiro },
      schema: {
        tags,
        summary: 'Estornar transferência entre contas',
        description:
          'Lança as movimentações opostas (origem "transferencia", mesmo origemId, com a data de hoje). 404 se a unidade não tem essa transferência; 400 "Transferência já estornada" na segunda vez.',
        params: idParamsSchema,
        response: { 200: transferenciaSchema, ...errors },
      },
    },
    async (request) => {
      const usuarioId = usuarioDe(request);
      return request.scoped((tx) => estornarTransferencia(tx, request.params.id, usuarioId));
    },
  );
};

export const movimentacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: PERMISSOES.financeiro };
  const descricaoFiltros =
    'Filtros: contaId (com ela, cada linha traz saldoApos e a página traz saldoAnterior — saldo ao fim do dia anterior a dataInicio — e saldoFinal), dataInicio/dataFim pelo dia da movimentação (padrão: os últimos 30 dias até hoje no fuso da unidade), origem (uma ou várias, separadas por vírgula) e query (na descrição).';

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Movimentações das contas (extrato)',
        description: `Mais recentes primeiro. ${descricaoFiltros} entradas e saidas: somas (positivas, em reais) das movimentações filtradas.`,
        querystring: listMovimentacoesQuerySchema,
        response: { 200: movimentacoesPageSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => listMovimentacoes(tx, request.query)),
  );

  app.get(
    '/exportar',
    {
      config,
      schema: {
        tags,
        summary: 'Exportar movimentações (CSV ou XLSX)',
        description: `As movimentações filtradas, todas as páginas. ${descricaoFiltros} formato: csv ou xlsx (padrão).`,
        querystring: listMovimentacoesQuerySchema.extend(exportarQuerySchema.shape),
        response: { 200: spreadsheetResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { formato, ...query } = request.query;
      const planilha = await request.scoped((tx) => exportarMovimentacoes(tx, query, formato));
      return enviarPlanilhaExportada(request, reply, planilha, {
        titulo: 'Movimentações financeiras',
        lista: 'movimentacoes-financeiras',
      });
    },
  );
};
