/**
 * Sales list, totals and receipt (spec §5 "Sales list", §7 "Sales and point of sale"; DOMAIN.md
 * §6 "Printing"; issue #4 items 5 and 6), under /api/comercial:
 * - GET /vendas — finalised, open and cancelled sales of the selected unit (not quotes, not
 *   sales still at a till) in a period (default today in the unit's time zone), by statuses,
 *   customer, and sale number or customer name; newest first, paged.
 * - GET /vendas/resumo-venda — the totals of the same filters.
 * - GET /vendas/{id}/imprimir?formato=80mm|a4 — the non-fiscal receipt as PDF (inline).
 * - GET /vendas/{id}/pix?valor= — the PIX BR Code of the amount (default the open one; issue #18
 *   item 9, pix-venda.ts), permission `vendas`.
 * Reading sales needs any of `vendas`, `financeiro`, `relatorios`; printing any of `vendas`,
 * `orcamentos` (quotes print too), `financeiro`. Money in reais.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { listVendasQuerySchema, resumoVendaSchema, vendaResumoSchema } from '@petshop/shared/venda';
import { formatoImpressaoQuerySchema, respostaPdf } from '../impressao-pdf.ts';
import { pixVendaQuerySchema, pixVendaSchema } from '@petshop/shared/fiscal';
import { imprimirVenda } from './imprimir-venda.ts';
import { gerarPixVenda } from './pix-venda.ts';
import { listVendas, getResumoVendas } from './vendas-repository.ts';

export const vendasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['comercial'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const ler = { permission: [PERMISSOES.vendas, PERMISSOES.financeiro, PERMISSOES.relatorios] };
  const imprimir = { permission: [PERMISSOES.vendas, PERMISSOES.orcamentos, PERMISSOES.financeiro] };

  app.get(
    '/vendas',
    {
      config: ler,
      schema: {
        tags,
        summary:
          'Listar vendas (período dataInicio–dataFim pela data de finalização ou de criação, padrão hoje no fuso da unidade; statuses; clienteId; query = número da venda ou nome do cliente)',
        querystring: listVendasQuerySchema,
        response: { 200: pageOf(vendaResumoSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listVendas(tx, request.query)),
  );

  app.get(
    '/vendas/resumo-venda',
    {
      config: ler,
      schema: {
        tags,
        summary:
          'Totais das vendas com os mesmos filtros da lista: valores sem as canceladas, ticket médio das finalizadas, por forma de pagamento e por status (R$)',
        querystring: listVendasQuerySchema,
        response: { 200: resumoVendaSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getResumoVendas(tx, request.query)),
  );

  app.get(
    '/vendas/:id/imprimir',
    {
      config: imprimir,
      schema: {
        tags,
        summary: 'Cupom não fiscal da venda ou do orçamento em PDF: bobina de 80 mm (padrão) ou A4',
        description: 'Content-Type application/pdf, Content-Disposition inline; filename="venda-<numero>.pdf".',
        params: idParamsSchema,
        querystring: formatoImpressaoQuerySchema,
        response: {
          200: respostaPdf('O cupom em PDF (application/pdf)'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { numero, pdf } = await request.scoped((tx) => imprimirVenda(tx, request.params.id, request.query.formato));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="venda-${numero}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/vendas/:id/pix',
    {
      config: { permission: PERMISSOES.vendas },
      schema: {
        tags,
        summary:
          'PIX da venda: BR Code estático (copia e cola) do valor informado (padrão: o valor em aberto) com a chave PIX da unidade e txid VENDA<número>; 400 "Configure a chave PIX da unidade" sem chave',
        params: idParamsSchema,
        querystring: pixVendaQuerySchema,
        response: { 200: pixVendaSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => gerarPixVenda(tx, request.params.id, request.query.valor)),
  );
};
