/**
 * Payables and receivables under /api/financeiro (spec §7 "Finance"; DOMAIN.md §7; issue #6
 * item 1), permission `financeiro`, every write in the request's one transaction (row-level
 * security: other units' and tenants' títulos answer 404):
 * - /despesas:  GET list (+ totals) · POST create with installments · GET/PUT/DELETE /{id} ·
 *   PATCH /{id}/baixa (settle, partial allowed) · POST /cancelar-baixar (reverse) ·
 *   GET /exportar?formato=csv|xlsx · POST /{id}/anexos (multipart `arquivo`) ·
 *   DELETE /{id}/anexos/{anexoId}
 * - /receitas:  the same, without attachments. A sale's receivable is changed through the sale.
 * Rules: @petshop/shared/financeiro (the contract), baixar-titulo.ts (settlement),
 * salvar-despesa.ts / salvar-receita.ts (create, update, delete).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  baixaInputSchema,
  cancelarBaixaInputSchema,
  despesaInputSchema,
  despesaSchema,
  despesaUpdateSchema,
  exportarQuerySchema,
  listDespesasQuerySchema,
  listReceitasQuerySchema,
  pageTitulosOf,
  receitaInputSchema,
  receitaSchema,
  receitaUpdateSchema,
} from '@petshop/shared/financeiro';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import {
  enviarPlanilha,
  gerarPlanilha,
  LINHAS_EXPORTACAO_MAXIMAS,
  planilhaResponseSchema,
} from '../../lib/planilha-exportacao.ts';
import { unidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { ANEXO_TAMANHO_MAXIMO, anexarArquivo, CAMPO_ANEXO, lerAnexo, removerAnexo } from './anexos-despesa.ts';
import { baixarTitulo, cancelarBaixa } from './baixar-titulo.ts';
import { despesasParaExportar, listDespesas, obterDespesa } from './despesas-repository.ts';
import { listReceitas, obterReceita, receitasParaExportar } from './receitas-repository.ts';
import { atualizarDespesa, criarDespesa, excluirDespesa } from './salvar-despesa.ts';
import { atualizarReceita, criarReceita, excluirReceita } from './salvar-receita.ts';
import { colunasTitulos } from './titulos-repository.ts';

const tags = ['financeiro'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const config = { permission: PERMISSOES.financeiro };

const usuarioDe = (request: FastifyRequest): string => {
  if (!request.auth) throw unauthorized();
  return request.auth.usuarioId;
};

const anexoParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador inválido' }),
  anexoId: z.uuid({ error: 'Anexo inválido' }),
});

/** The multipart body of an attachment as documented in OpenAPI (read as a stream by `lerAnexo`). */
const anexoDoc = z.any().meta({
  type: 'object',
  properties: {
    [CAMPO_ANEXO]: {
      type: 'string',
      format: 'binary',
      description: `O boleto, a nota ou o comprovante: PDF, PNG ou JPEG, até ${ANEXO_TAMANHO_MAXIMO / 1024 / 1024} MB`,
    },
  },
  required: [CAMPO_ANEXO],
});

const LISTA =
  'Filtros: período pelo vencimento (dataInicio/dataFim), status (um ou vários, separados por vírgula: EmAberto, BaixaParcial, Baixada, Cancelada, Vencida = em aberto ou parcial com vencimento antes de hoje; sem status: todos menos Cancelada), categoriaFinanceiraId (com as subcategorias), formaPagamentoId, contaId e query (descrição, documento';
const BAIXA =
  'Baixa total ou parcial: valor (principal; sem ele, todo o saldo em aberto), dataPagamento (padrão hoje, não futura), juros, multa, desconto, conta e forma de pagamento. A conta recebe um lançamento de valor + juros + multa − desconto − taxa. Com `chave` (uuid do cliente), repetir o envio não baixa duas vezes. Responde o título com as baixas.';
const CANCELAR =
  'Estorna a baixa `baixaId` do título `id`, ou todas as baixas ativas quando omitida: lançamento oposto na conta (hoje), baixa marcada como estornada (mantida no histórico), status recalculado. Estornar de novo não muda nada.';

/** Payables: GET/POST /, GET/PUT/DELETE /{id}, PATCH /{id}/baixa, POST /cancelar-baixar, GET /exportar, anexos. */
export const despesasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Listar despesas (contas a pagar)',
        description: `${LISTA}, fornecedor), fornecedorId, recorrenciaId. Ordem: vencimento, descrição. \`totais\`: de todas as páginas filtradas.`,
        querystring: listDespesasQuerySchema,
        response: { 200: pageTitulosOf(despesaSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listDespesas(tx, request.query)),
  );

  app.get(
    '/exportar',
    {
      config,
      schema: {
        tags,
        summary: 'Exportar despesas (CSV ou XLSX)',
        description:
          'Todas as linhas com os filtros da lista (sem paginação). CSV: ";", vírgula decimal, dd/MM/aaaa, UTF-8 com BOM.',
        querystring: listDespesasQuerySchema.extend(exportarQuerySchema.shape),
        response: { 200: planilhaResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const planilha = await request.scoped(async (tx) => {
        const { hoje } = await unidadeAtual(tx);
        const linhas = await despesasParaExportar(tx, request.query, LINHAS_EXPORTACAO_MAXIMAS);
        return gerarPlanilha(request.query.formato, {
          nome: `despesas-${hoje}`,
          titulo: 'Despesas',
          colunas: colunasTitulos(hoje, {
            titulo: 'Fornecedor',
            valor: (d: (typeof linhas)[number]) => d.fornecedor?.nome ?? null,
          }),
          linhas,
          totais: true,
        });
      });
      return enviarPlanilha(reply, planilha);
    },
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Cadastrar despesa (uma ou várias parcelas)',
        description:
          'Uma despesa por parcela (`parcelas`, veja gerarParcelas), com o mesmo grupoId. Com `id` (uuid do cliente, o da primeira parcela), repetir o envio responde a despesa já criada. Categoria de despesa ativa; fornecedor, forma de pagamento e conta existentes. Responde a primeira parcela.',
        body: despesaInputSchema,
        response: { 201: despesaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const despesa = await request.scoped(async (tx) => obterDespesa(tx, await criarDespesa(tx, request.body)));
      return reply.status(201).send(despesa);
    },
  );

  app.post(
    '/cancelar-baixar',
    {
      config,
      schema: {
        tags,
        summary: 'Cancelar baixa de despesa',
        description: CANCELAR,
        body: cancelarBaixaInputSchema,
        response: { 200: despesaSchema, ...errors },
      },
    },
    async (request) => {
      const usuarioId = usuarioDe(request);
      return request.scoped(async (tx) => {
        await cancelarBaixa(tx, 'despesa', request.body.id, request.body.baixaId, usuarioId);
        return obterDespesa(tx, request.body.id);
      });
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Obter despesa (com baixas e anexos)',
        params: idParamsSchema,
        response: { 200: despesaSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => obterDespesa(tx, request.params.id)),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Alterar despesa (parcela em aberto, sem baixa)',
        description:
          'Só em aberto e sem baixa (uma despesa baixada é alterada estornando a baixa). A despesa de uma compra mantém o valor.',
        params: idParamsSchema,
        body: despesaUpdateSchema,
        response: { 200: despesaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await atualizarDespesa(tx, request.params.id, request.body);
        return obterDespesa(tx, request.params.id);
      }),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Excluir despesa (fica Cancelada)',
        description:
          'Recusado quando há baixa (estorne antes) e para despesas de compras (exclua ou cancele a compra). Responde a despesa cancelada.',
        params: idParamsSchema,
        response: { 200: despesaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await excluirDespesa(tx, request.params.id);
        return obterDespesa(tx, request.params.id);
      }),
  );

  app.patch(
    '/:id/baixa',
    {
      config,
      schema: {
        tags,
        summary: 'Baixar despesa (pagamento total ou parcial)',
        description: BAIXA,
        params: idParamsSchema,
        body: baixaInputSchema,
        response: { 200: despesaSchema, ...errors },
      },
    },
    async (request) => {
      const usuarioId = usuarioDe(request);
      return request.scoped(async (tx) => {
        await baixarTitulo(tx, 'despesa', request.params.id, request.body, usuarioId);
        return obterDespesa(tx, request.params.id);
      });
    },
  );

  app.post(
    '/:id/anexos',
    {
      config,
      schema: {
        tags,
        summary: 'Anexar arquivo à despesa (multipart: arquivo)',
        description: 'PDF, PNG ou JPEG até 10 MB (o tipo é conferido pelo conteúdo). Responde a despesa com os anexos.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        body: anexoDoc,
        response: { 201: despesaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const arquivo = await lerAnexo(request);
      const despesa = await request.scoped(async (tx) => {
        await anexarArquivo(tx, request.params.id, arquivo);
        return obterDespesa(tx, request.params.id);
      });
      return reply.status(201).send(despesa);
    },
  );

  app.delete(
    '/:id/anexos/:anexoId',
    {
      config,
      schema: {
        tags,
        summary: 'Remover anexo da despesa',
        params: anexoParamsSchema,
        response: { 200: despesaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await removerAnexo(tx, request.params.id, request.params.anexoId);
        return obterDespesa(tx, request.params.id);
      }),
  );
};

/** Receivables: GET/POST /, GET/PUT/DELETE /{id}, PATCH /{id}/baixa, POST /cancelar-baixar, GET /exportar. */
export const receitasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Listar receitas (contas a receber)',
        description: `Receitas de vendas (cartão, PIX, boleto, a prazo) e manuais. ${LISTA}, cliente), pessoaId, tipoForma (tipos de forma de pagamento, separados por vírgula). Ordem: vencimento (data prevista de recebimento), descrição. \`totais\`: de todas as páginas filtradas.`,
        querystring: listReceitasQuerySchema,
        response: { 200: pageTitulosOf(receitaSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listReceitas(tx, request.query)),
  );

  app.get(
    '/exportar',
    {
      config,
      schema: {
        tags,
        summary: 'Exportar receitas (CSV ou XLSX)',
        description:
          'Todas as linhas com os filtros da lista (sem paginação). CSV: ";", vírgula decimal, dd/MM/aaaa, UTF-8 com BOM.',
        querystring: listReceitasQuerySchema.extend(exportarQuerySchema.shape),
        response: { 200: planilhaResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const planilha = await request.scoped(async (tx) => {
        const { hoje } = await unidadeAtual(tx);
        const linhas = await receitasParaExportar(tx, request.query, LINHAS_EXPORTACAO_MAXIMAS);
        type Linha = (typeof linhas)[number];
        return gerarPlanilha(request.query.formato, {
          nome: `receitas-${hoje}`,
          titulo: 'Receitas',
          colunas: colunasTitulos<Linha>(hoje, { titulo: 'Cliente', valor: (r) => r.pessoa?.nome ?? null }, [
            { titulo: 'Taxa', tipo: 'dinheiro', valor: (r) => r.valorTaxa },
            { titulo: 'Líquido', tipo: 'dinheiro', valor: (r) => r.valorLiquido },
          ]),
          linhas,
          totais: true,
        });
      });
      return enviarPlanilha(reply, planilha);
    },
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Cadastrar receita manual (uma ou várias parcelas)',
        description:
          'Uma receita por parcela, com o mesmo grupoId. Com `id` (uuid do cliente, o da primeira parcela), repetir o envio responde a receita já criada. Categoria de receita ativa; cliente, forma de pagamento e conta existentes. Responde a primeira parcela.',
        body: receitaInputSchema,
        response: { 201: receitaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const receita = await request.scoped(async (tx) => obterReceita(tx, await criarReceita(tx, request.body)));
      return reply.status(201).send(receita);
    },
  );

  app.post(
    '/cancelar-baixar',
    {
      config,
      schema: {
        tags,
        summary: 'Cancelar baixa de receita',
        description: CANCELAR,
        body: cancelarBaixaInputSchema,
        response: { 200: receitaSchema, ...errors },
      },
    },
    async (request) => {
      const usuarioId = usuarioDe(request);
      return request.scoped(async (tx) => {
        await cancelarBaixa(tx, 'receita', request.body.id, request.body.baixaId, usuarioId);
        return obterReceita(tx, request.body.id);
      });
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Obter receita (com baixas)',
        params: idParamsSchema,
        response: { 200: receitaSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => obterReceita(tx, request.params.id)),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Alterar receita manual (parcela em aberto, sem baixa)',
        description: 'Só em aberto e sem baixa. Receitas de vendas são alteradas pela venda (400).',
        params: idParamsSchema,
        body: receitaUpdateSchema,
        response: { 200: receitaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await atualizarReceita(tx, request.params.id, request.body);
        return obterReceita(tx, request.params.id);
      }),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Excluir receita manual (fica Cancelada)',
        description: 'Recusado quando há baixa (estorne antes) e para receitas de vendas. Responde a receita cancelada.',
        params: idParamsSchema,
        response: { 200: receitaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await excluirReceita(tx, request.params.id);
        return obterReceita(tx, request.params.id);
      }),
  );

  app.patch(
    '/:id/baixa',
    {
      config,
      schema: {
        tags,
        summary: 'Baixar receita (recebimento total ou parcial)',
        description: `${BAIXA} Cartão/PIX: sem \`taxa\`, a taxa da receita proporcional ao valor baixado.`,
        params: idParamsSchema,
        body: baixaInputSchema,
        response: { 200: receitaSchema, ...errors },
      },
    },
    async (request) => {
      const usuarioId = usuarioDe(request);
      return request.scoped(async (tx) => {
        await baixarTitulo(tx, 'receita', request.params.id, request.body, usuarioId);
        return obterReceita(tx, request.params.id);
      });
    },
  );
};
