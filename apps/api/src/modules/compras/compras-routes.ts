/**
 * Purchases (spec §7 "Purchases"; DOMAIN.md §5; issue #5 items 3–4), registered under /api,
 * permission `compras`, every write in the request's one transaction (row-level security
 * keeps other units and tenants out: their purchases answer 404):
 * - GET    /compras                          list (period on the entry date, default the last 30 days)
 * - POST   /compras                          a manual draft (salvar-compra.ts)
 * - GET    /compras/{id}                     the purchase
 * - PUT    /compras/{id}                     replace a draft
 * - DELETE /compras/{id}                     delete a draft / reverse a finalised one (excluir-compra.ts)
 * - GET    /compras/{id}/resumo              what finalising will do (resumo-compra.ts)
 * - POST   /compras/{id}/finalizar           finalise (finalizar-compra.ts); answers the products whose cost rose
 * - POST   /compras/{id}/precos-venda        new sale prices of its products after a cost rise
 *                                            (atualizar-precos-venda.ts; permission `produtos.gerenciar`)
 * - PUT    /compras/{id}/itens/{itemId}/vincular       link an item to a product (vincular-item.ts)
 * - POST   /compras/{id}/itens/{itemId}/criar-produto  create the product from the item's XML data
 * - POST   /api/compras/importar-xml (the spec's path, repeated segment included) and
 *          /compras/importar-xml: a draft from the supplier's NF-e XML (importar-nfe.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atualizarPrecosVendaInputSchema,
  atualizarPrecosVendaResultadoSchema,
  compraFinalizadaSchema,
  compraInputSchema,
  compraListItemSchema,
  compraSchema,
  criarProdutoItemInputSchema,
  excluirCompraResultadoSchema,
  IMPORTAR_XML_CAMPO_ACEITAR,
  listComprasQuerySchema,
  resumoCompraSchema,
  vincularItemInputSchema,
} from '@petshop/shared/compra';
import { apiErrorSchema, idParamsSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { fieldError, unauthorized } from '../../lib/errors.ts';
import { findCompra, getCompraRow, listCompras, getCompra } from './compras-repository.ts';
import { atualizarPrecosVenda } from './atualizar-precos-venda.ts';
import { excluirCompra } from './excluir-compra.ts';
import { finalizarCompra } from './finalizar-compra.ts';
import { importarNfe, lerNfeEnviada } from './importar-nfe.ts';
import { planejarFinalizacao } from './resumo-compra.ts';
import { alterarCompra, criarCompra } from './salvar-compra.ts';
import { criarProdutoDoItem, vincularItem } from './vincular-item.ts';

const itemParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador inválido' }),
  itemId: z.uuid({ error: 'Item inválido' }),
});

/** Largest XML accepted (the multipart plugin's file limit is the same). */
const MAX_XML_BYTES = 5 * 1024 * 1024;

/** The multipart body of the import as documented in OpenAPI (read as a stream by `readUpload`). */
const uploadDoc = z.any().meta({
  type: 'object',
  properties: {
    arquivo: { type: 'string', format: 'binary', description: 'O XML da NF-e (nfeProc ou NFe, layouts 3.10 e 4.00), até 5 MB' },
    [IMPORTAR_XML_CAMPO_ACEITAR]: {
      type: 'string',
      enum: ['true', 'false'],
      description: "'true' para importar uma NF-e destinada a outro CNPJ que o da unidade (fica um aviso na compra)",
    },
  },
  required: ['arquivo'],
});

/**
 * The one file of the import (any field name) and the confirmation flag. 400 `arquivo` when
 * the body is not multipart, has no file, several files, or a file over 5 MB.
 */
const readUpload = async (request: FastifyRequest): Promise<{ conteudo: Buffer; aceitarOutroDestinatario: boolean }> => {
  if (!request.isMultipart()) throw fieldError('arquivo', 'Envie o arquivo XML da NF-e (multipart/form-data)');
  let conteudo: Buffer | null = null;
  let aceitar = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length === 0) continue;
        if (conteudo) throw fieldError('arquivo', 'Envie um único arquivo XML por vez');
        conteudo = buffer;
      } else if (part.fieldname === IMPORTAR_XML_CAMPO_ACEITAR) {
        aceitar = String(part.value).trim().toLowerCase() === 'true';
      }
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && (error as { statusCode?: number }).statusCode === 400) throw error;
    throw fieldError('arquivo', 'Arquivo maior que 5 MB ou envio incompleto');
  }
  if (!conteudo) throw fieldError('arquivo', 'Envie o arquivo XML da NF-e');
  if (conteudo.length > MAX_XML_BYTES) throw fieldError('arquivo', 'Arquivo maior que 5 MB');
  return { conteudo, aceitarOutroDestinatario: aceitar };
};

const usuarioDe = (request: FastifyRequest): string => {
  if (!request.auth) throw unauthorized();
  return request.auth.usuarioId;
};

export const comprasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['compras'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const config = { permission: PERMISSOES.compras };

  app.get(
    '/compras',
    {
      config,
      schema: {
        tags,
        summary: 'Listar compras',
        description:
          'Período pela data de entrada (dataInicio/dataFim, padrão: os últimos 30 dias até hoje no fuso da unidade), fornecedorId, status (um ou vários, separados por vírgula: Rascunho, Finalizada, Cancelada) e query (número da compra, número da nota, razão social/fantasia ou CNPJ/CPF do fornecedor). Mais recentes primeiro.',
        querystring: listComprasQuerySchema,
        response: { 200: pageOf(compraListItemSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listCompras(tx, request.query)),
  );

  app.post(
    '/compras',
    {
      config,
      schema: {
        tags,
        summary: 'Cadastrar compra manual (rascunho)',
        description:
          'Fornecedor, nota, datas, itens (produto, quantidade na unidade do produto, custo unitário, desconto, lotes), frete, desconto, outras despesas e parcelas. Com `id` (uuid do cliente), repetir o envio responde a mesma compra.',
        body: compraInputSchema,
        response: { 201: compraSchema, ...errors },
      },
    },
    async (request, reply) => {
      const usuarioId = usuarioDe(request);
      const compra = await request.scoped(async (tx) => getCompra(tx, await criarCompra(tx, request.body, usuarioId)));
      return reply.status(201).send(compra);
    },
  );

  app.get(
    '/compras/:id',
    {
      config,
      schema: { tags, summary: 'Obter compra', params: idParamsSchema, response: { 200: compraSchema, ...errors } },
    },
    async (request) => request.scoped((tx) => getCompra(tx, request.params.id)),
  );

  app.put(
    '/compras/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Alterar compra em rascunho',
        description:
          'Substitui cabeçalho, itens e parcelas do rascunho pelo corpo enviado. Itens enviados com o `id` de uma linha importada mantêm os dados da nota (código do fornecedor, unidade, GTIN, NCM, fator).',
        params: idParamsSchema,
        body: compraInputSchema,
        response: { 200: compraSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarCompra(tx, request.params.id, request.body);
        return getCompra(tx, request.params.id);
      }),
  );

  app.delete(
    '/compras/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Excluir compra (rascunho) ou estornar compra finalizada',
        description:
          'Rascunho: excluído. Finalizada: estoque sai de volta (mesmos lotes), contas a pagar canceladas e a compra fica Cancelada; recusado quando alguma parcela já foi paga ou quando o estoque já saiu (unidade sem estoque negativo). O preço de custo dos produtos não é recalculado.',
        params: idParamsSchema,
        response: { 200: excluirCompraResultadoSchema, ...errors },
      },
    },
    async (request) => {
      const usuarioId = usuarioDe(request);
      return request.scoped(async (tx) => {
        const resultado = await excluirCompra(tx, request.params.id, usuarioId);
        return {
          ok: true as const,
          resultado,
          compra: resultado === 'cancelada' ? await findCompra(tx, request.params.id) : null,
        };
      });
    },
  );

  app.get(
    '/compras/:id/resumo',
    {
      config,
      schema: {
        tags,
        summary: 'Resumo da finalização da compra',
        description:
          'O que finalizar fará: por item, estoque atual → novo e custo atual → novo (custo médio ou último custo, conforme a unidade), com frete, outras despesas e desconto rateados pelo valor dos itens; contas a pagar; totais; e as pendências que impedem finalizar.',
        params: idParamsSchema,
        response: { 200: resumoCompraSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => (await planejarFinalizacao(tx, await getCompraRow(tx, request.params.id))).resumo),
  );

  app.post(
    '/compras/:id/finalizar',
    {
      config,
      schema: {
        tags,
        summary: 'Finalizar compra',
        description:
          'Em uma transação: entrada no estoque (com lotes), preço de custo atualizado, contas a pagar criadas das parcelas (ou uma do total com vencimento na data de entrada) e códigos do fornecedor memorizados. 400 com as pendências, se houver. Finalizar de novo responde a compra como está. `revisaoPrecos`: os produtos cujo preço de custo subiu com esta compra (custo anterior e novo, preço de venda, markup antes e com o novo custo, preço sugerido mantendo o markup), para revisar o preço de venda; vazio quando já estava finalizada.',
        params: idParamsSchema,
        response: { 200: compraFinalizadaSchema, ...errors },
      },
    },
    async (request) => {
      const usuarioId = usuarioDe(request);
      return request.scoped(async (tx) => {
        const { id, revisaoPrecos } = await finalizarCompra(tx, request.params.id, usuarioId);
        return { ...(await getCompra(tx, id)), revisaoPrecos };
      });
    },
  );

  app.post(
    '/compras/:id/precos-venda',
    {
      config: { permission: PERMISSOES.produtosGerenciar },
      schema: {
        tags,
        summary: 'Atualizar preços de venda dos produtos da compra',
        description:
          'Depois de uma compra que subiu o custo: grava, em uma transação, o novo preço de venda de cada produto informado (que deve ser um produto da compra; não abaixo do preço de custo atual), recalculando o markup. Exige a permissão de gerenciar produtos.',
        params: idParamsSchema,
        body: atualizarPrecosVendaInputSchema,
        response: { 200: atualizarPrecosVendaResultadoSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => atualizarPrecosVenda(tx, request.params.id, request.body.precos)),
  );

  app.put(
    '/compras/:id/itens/:itemId/vincular',
    {
      config,
      schema: {
        tags,
        summary: 'Vincular item da compra a um produto',
        description:
          'O item passa a ser o produto; quantidade = quantidade da nota × fator e custo = valor unitário da nota ÷ fator (1 CX = 12 UN → fator 12). Memorizado para o código do fornecedor.',
        params: itemParamsSchema,
        body: vincularItemInputSchema,
        response: { 200: compraSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await vincularItem(tx, request.params.id, request.params.itemId, request.body);
        return getCompra(tx, request.params.id);
      }),
  );

  app.post(
    '/compras/:id/itens/:itemId/criar-produto',
    {
      config,
      schema: {
        tags,
        summary: 'Criar produto a partir do item da compra',
        description:
          'Cria o produto com os dados do XML (nome, NCM, CEST, GTIN quando válido e livre, unidade de medida da nota ou UN, custo) e o vincula ao item.',
        params: itemParamsSchema,
        body: criarProdutoItemInputSchema,
        response: { 201: compraSchema, ...errors },
      },
    },
    async (request, reply) => {
      const compra = await request.scoped(async (tx) => {
        await criarProdutoDoItem(tx, request.params.id, request.params.itemId, request.body);
        return getCompra(tx, request.params.id);
      });
      return reply.status(201).send(compra);
    },
  );

  for (const url of ['/api/compras/importar-xml', '/compras/importar-xml']) {
    app.post(
      url,
      {
        config,
        schema: {
          tags,
          summary:
            url === '/compras/importar-xml'
              ? 'Importar XML da NF-e do fornecedor (caminho alternativo)'
              : 'Importar XML da NF-e do fornecedor (multipart: arquivo, aceitarOutroDestinatario)',
          description:
            'Cria uma compra em rascunho a partir da NF-e (modelo 55, nfeProc ou NFe, layouts 3.10 e 4.00): fornecedor pelo CNPJ (cadastrado se novo), itens pelo GTIN ou pelo código do fornecedor já memorizado, duplicatas como parcelas, rastro como lotes. Recusa arquivo que não é NF-e, NFC-e, chave de acesso já importada e NF-e destinada a outro CNPJ (salvo `aceitarOutroDestinatario=true`); assinatura ou dígito da chave inválidos viram avisos.',
          consumes: ['multipart/form-data'],
          body: uploadDoc,
          response: { 201: compraSchema, ...errors },
        },
      },
      async (request, reply) => {
        const usuarioId = usuarioDe(request);
        const { conteudo, aceitarOutroDestinatario } = await readUpload(request);
        // Read in the CPU pool before the transaction (a 990-item file: seconds of CPU).
        const nfe = await lerNfeEnviada(conteudo);
        const compra = await request.scoped(async (tx) =>
          getCompra(tx, await importarNfe(tx, conteudo, { aceitarOutroDestinatario }, usuarioId, nfe)),
        );
        // JSON.stringify, not the schema's zod encode: findCompra answers exactly compraSchema's
        // shape (test: compras-nfe "350 items"), and zod took 58 ms of the event loop for 990
        // items (issue #22 item 2).
        return reply.status(201).serializer(JSON.stringify).send(compra);
      },
    );
  }
};
