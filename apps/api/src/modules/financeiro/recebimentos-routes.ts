/**
 * Expected card and PIX receipts under /api/financeiro/recebimentos (spec §7 "Finance";
 * DOMAIN.md §7 "Recebimentos"; issue #6 item 4 "/financeiro/recebimentos/"), permission
 * `financeiro`:
 * - GET  /resumo     per day and per method, with fees (recebimentos-repository.ts);
 * - POST /confirmar  the money landed: settles the chosen receivables in one transaction
 *   (recebimentos-confirmar.ts). The list of the receivables themselves is
 *   GET /api/financeiro/receitas?tipoForma=pix,cartao_debito,cartao_credito.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmarRecebimentosInputSchema,
  recebimentosResumoQuerySchema,
  recebimentosResumoSchema,
} from '@petshop/shared/financeiro';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import { confirmarRecebimentos } from './recebimentos-confirmar.ts';
import { getResumoRecebimentos } from './recebimentos-repository.ts';

/** POST /confirmar answer: how many receivables were settled now. */
export const confirmarRecebimentosResultadoSchema = z.object({ confirmados: z.number().int() });

/** GET /resumo and POST /confirmar (see the file's comment), registered under /api/financeiro/recebimentos. */
export const recebimentosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['financeiro'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const config = { permission: PERMISSOES.financeiro };

  app.get(
    '/resumo',
    {
      config,
      schema: {
        tags,
        summary: 'Recebimentos previstos de cartão e PIX',
        description:
          'Receitas de formas PIX, cartão de débito e de crédito pela data prevista de recebimento no período (padrão: hoje a hoje + 30 dias), por dia e por forma: quantidade, bruto, taxa, líquido, recebido (o que entrou na conta) e a receber. Canceladas ficam de fora.',
        querystring: recebimentosResumoQuerySchema,
        response: { 200: recebimentosResumoSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getResumoRecebimentos(tx, request.query)),
  );

  app.post(
    '/confirmar',
    {
      config,
      schema: {
        tags,
        summary: 'Confirmar recebimentos (o dinheiro caiu na conta)',
        description:
          'Baixa cada receita em aberto de `ids` pelo saldo, com a taxa, na data de recebimento (padrão hoje) e na conta (padrão a de cada receita), numa transação. Já baixadas ou canceladas são ignoradas. Um id fora da unidade: 404 e nada é baixado.',
        body: confirmarRecebimentosInputSchema,
        response: { 200: confirmarRecebimentosResultadoSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      const usuarioId = request.auth.usuarioId;
      return { confirmados: await request.scoped((tx) => confirmarRecebimentos(tx, request.body, usuarioId)) };
    },
  );
};
