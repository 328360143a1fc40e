/**
 * Customer credit calls under /api/financeiro/credito-cliente (spec §7 "Finance"; DOMAIN.md §7;
 * issue #4 item 8):
 * - POST /creditos `{ pessoaId, valor (reais, ≠ 0; negative = debit adjustment), descricao }`
 *   → 201 the entry (origem 'ajuste') with the balance after it. A debit beyond the balance
 *   is 400 on `valor`; a person outside the tenant 404. Needs `financeiro`.
 * - GET /{pessoaId}/creditos?page&pageSize → the ledger, newest first, with user, unit, origin
 *   label and running balance.
 * - GET /{pessoaId}/total → `{ pessoaId, total }` (reais).
 * Reading needs any of financeiro, caixa, vendas (the till shows the balance). Deposits made
 * at the counter go through the register's crédito-cliente call, on the same ledger.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditoClienteInputSchema,
  creditoClienteLancamentoSchema,
  creditoClienteTotalSchema,
  listCreditosClienteQuerySchema,
} from '@petshop/shared/credito-cliente';
import { apiErrorSchema, idParamsSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import { assertPessoa, findCreditoCliente, listCreditosCliente } from './credito-cliente-repository.ts';
import { registrarCreditoCliente, getSaldoCreditoCliente } from './credito-cliente-ledger.ts';

export const creditoClienteRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['financeiro'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const ler = { permission: [PERMISSOES.financeiro, PERMISSOES.caixa, PERMISSOES.vendas] };

  app.post(
    '/creditos',
    {
      config: { permission: PERMISSOES.financeiro },
      schema: {
        tags,
        summary: 'Lançar crédito ou ajuste (débito) no crédito do cliente',
        body: creditoClienteInputSchema,
        response: { 201: creditoClienteLancamentoSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw unauthorized();
      const usuarioId = request.auth.usuarioId;
      const { pessoaId, valor, descricao } = request.body;
      const lancamento = await request.scoped(async (tx) => {
        const { id } = await registrarCreditoCliente(tx, { pessoaId, valor, descricao, origem: 'ajuste', usuarioId }, 'valor');
        return (await findCreditoCliente(tx, pessoaId, id))!;
      });
      return reply.status(201).send(lancamento);
    },
  );

  app.get(
    '/:id/creditos',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Lançamentos de crédito do cliente (mais recentes primeiro, com o saldo após cada um)',
        params: idParamsSchema,
        querystring: listCreditosClienteQuerySchema,
        response: { 200: pageOf(creditoClienteLancamentoSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listCreditosCliente(tx, request.params.id, request.query)),
  );

  app.get(
    '/:id/total',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Saldo de crédito do cliente (reais)',
        params: idParamsSchema,
        response: { 200: creditoClienteTotalSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await assertPessoa(tx, request.params.id);
        return { pessoaId: request.params.id, total: await getSaldoCreditoCliente(tx, request.params.id) };
      }),
  );
};
