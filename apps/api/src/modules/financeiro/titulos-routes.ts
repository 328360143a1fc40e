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
  type Despesa,
  type FormatoExportacao,
  listDespesasQuerySchema,
  listReceitasQuerySchema,
  pageTitulosOf,
  receitaInputSchema,
  receitaSchema,
  receitaUpdateSchema,
  type Receita,
} from '@petshop/shared/financeiro';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import {
  writeSpreadsheet,
  MAX_EXPORT_ROWS,
  spreadsheetResponseSchema,
  type SpreadsheetColumn,
} from '../../lib/spreadsheet-export.ts';
import { enviarPlanilhaExportada } from '../../lib/registrar-exportacao.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { ANEXO_TAMANHO_MAXIMO, anexarArquivo, CAMPO_ANEXO, readAnexo, removerAnexo } from './anexos-despesa.ts';
import { baixarTitulo, cancelarBaixa, type TipoTitulo } from './baixar-titulo.ts';
import { listDespesasParaExportar, listDespesas, getDespesa } from './despesas-repository.ts';
import { listReceitas, getReceita, listReceitasParaExportar } from './receitas-repository.ts';
import { alterarDespesa, criarDespesa, excluirDespesa } from './salvar-despesa.ts';
import { alterarReceita, criarReceita, excluirReceita } from './salvar-receita.ts';
import { colunasTitulos, type ListTitulosQuery, type PaginaTitulos, type TituloPlanilha } from './titulos-repository.ts';

const tags = ['financeiro'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const config = { permission: PERMISSOES.financeiro };

const usuarioDe = (request: FastifyRequest): string => {
  if (!request.auth) throw unauthorized();
  return request.auth.usuarioId;
};

/**
 * Runs `write` in the request's one transaction and answers título `id` as `get` reads it
 * there after the write (so the answer shows the new status, settlements and attachments).
 */
const writeThenGet = <R>(
  request: FastifyRequest,
  get: (tx: Db, id: string) => Promise<R>,
  id: string,
  write: (tx: Db) => Promise<unknown>,
): Promise<R> =>
  request.scoped(async (tx) => {
    await write(tx);
    return get(tx, id);
  });

const anexoParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador inválido' }),
  anexoId: z.uuid({ error: 'Anexo inválido' }),
});

/** The multipart body of an attachment as documented in OpenAPI (read as a stream by `readAnexo`). */
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

/**
 * What one kind of título gives `rotasTitulos`: its schemas, its reads and writes and the
 * texts of its OpenAPI operations (summaries `resumos`, the list's and the calls' descriptions).
 */
type DefinicaoRotasTitulos<
  Q extends z.ZodType<ListTitulosQuery>,
  E extends z.ZodType<ListTitulosQuery & { formato: FormatoExportacao }>,
  S extends z.ZodType,
  I extends z.ZodType,
  U extends z.ZodType,
  R extends TituloPlanilha,
> = {
  tipo: TipoTitulo;
  /** `exportar`: the list's query with `exportarQuerySchema` (formato). */
  schemas: { query: Q; exportar: E; titulo: S; input: I; update: U };
  list: (tx: Db, query: z.output<Q>) => Promise<PaginaTitulos<R>>;
  listForExport: (tx: Db, query: z.output<E>, limite: number) => AsyncIterable<R[]>;
  get: (tx: Db, id: string) => Promise<R>;
  criar: (tx: Db, input: z.output<I>) => Promise<string>;
  alterar: (tx: Db, id: string, input: z.output<U>) => Promise<void>;
  excluir: (tx: Db, id: string) => Promise<void>;
  /** The export: file name prefix (`{nome}-{hoje}`), sheet title and the columns. */
  planilha: { nome: string; titulo: string; colunas: (hoje: string) => SpreadsheetColumn<R>[] };
  resumos: {
    list: string;
    exportar: string;
    criar: string;
    cancelarBaixa: string;
    get: string;
    alterar: string;
    excluir: string;
    baixar: string;
  };
  descricoes: { list: string; criar: string; alterar: string; excluir: string; baixar: string };
};

/**
 * The routes payables and receivables share, registered once per kind: GET / (list + totals),
 * GET /exportar, POST / (201, the first installment), POST /cancelar-baixar, GET/PUT/DELETE
 * /{id}, PATCH /{id}/baixa. Every answer is the título as `get` reads it after the write,
 * in the same transaction; errors 400/403/404 as `apiErrorSchema`.
 */
const rotasTitulos = <
  Q extends z.ZodType<ListTitulosQuery>,
  E extends z.ZodType<ListTitulosQuery & { formato: FormatoExportacao }>,
  S extends z.ZodType,
  I extends z.ZodType,
  U extends z.ZodType,
  R extends TituloPlanilha,
>(
  definicao: DefinicaoRotasTitulos<Q, E, S, I, U, R>,
): FastifyPluginAsyncZod => {
  // The signature checks each kind's reads and writes against its own schemas; the route
  // types of the Zod type provider cannot follow generic schemas, so inside they are read
  // as the shape every kind shares.
  const def = definicao as unknown as DefinicaoRotasTitulos<
    z.ZodType<ListTitulosQuery>,
    z.ZodType<ListTitulosQuery & { formato: FormatoExportacao }>,
    z.ZodType,
    z.ZodType,
    z.ZodType,
    TituloPlanilha
  >;
  const { tipo, schemas, resumos, descricoes } = def;
  return async (app) => {
    app.get(
      '/',
      {
        config,
        schema: {
          tags,
          summary: resumos.list,
          description: descricoes.list,
          querystring: schemas.query,
          response: { 200: pageTitulosOf(schemas.titulo), ...errors },
        },
      },
      async (request) => request.scoped((tx) => def.list(tx, request.query)),
    );

    app.get(
      '/exportar',
      {
        config,
        schema: {
          tags,
          summary: resumos.exportar,
          description:
            'Todas as linhas com os filtros da lista (sem paginação). CSV: ";", vírgula decimal, dd/MM/aaaa, UTF-8 com BOM.',
          querystring: schemas.exportar,
          response: { 200: spreadsheetResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const planilha = await request.scoped(async (tx) => {
          const { hoje } = await getUnidadeAtual(tx);
          const linhas = def.listForExport(tx, request.query, MAX_EXPORT_ROWS);
          return writeSpreadsheet(request.query.formato, {
            nome: `${def.planilha.nome}-${hoje}`,
            titulo: def.planilha.titulo,
            colunas: def.planilha.colunas(hoje),
            linhas,
            totais: true,
          });
        });
        return enviarPlanilhaExportada(request, reply, planilha, {
          titulo: `Lista de ${def.planilha.titulo.toLowerCase()}`,
          lista: def.planilha.nome,
        });
      },
    );

    app.post(
      '/',
      {
        config,
        schema: {
          tags,
          summary: resumos.criar,
          description: descricoes.criar,
          body: schemas.input,
          response: { 201: schemas.titulo, ...errors },
        },
      },
      async (request, reply) => {
        const titulo = await request.scoped(async (tx) => def.get(tx, await def.criar(tx, request.body)));
        return reply.status(201).send(titulo);
      },
    );

    app.post(
      '/cancelar-baixar',
      {
        config,
        schema: {
          tags,
          summary: resumos.cancelarBaixa,
          description: CANCELAR,
          body: cancelarBaixaInputSchema,
          response: { 200: schemas.titulo, ...errors },
        },
      },
      async (request) =>
        writeThenGet(request, def.get, request.body.id, (tx) =>
          cancelarBaixa(tx, tipo, request.body.id, request.body.baixaId, usuarioDe(request)),
        ),
    );

    app.get(
      '/:id',
      {
        config,
        schema: {
          tags,
          summary: resumos.get,
          params: idParamsSchema,
          response: { 200: schemas.titulo, ...errors },
        },
      },
      async (request) => request.scoped((tx) => def.get(tx, request.params.id)),
    );

    app.put(
      '/:id',
      {
        config,
        schema: {
          tags,
          summary: resumos.alterar,
          description: descricoes.alterar,
          params: idParamsSchema,
          body: schemas.update,
          response: { 200: schemas.titulo, ...errors },
        },
      },
      async (request) =>
        writeThenGet(request, def.get, request.params.id, (tx) => def.alterar(tx, request.params.id, request.body)),
    );

    app.delete(
      '/:id',
      {
        config,
        schema: {
          tags,
          summary: resumos.excluir,
          description: descricoes.excluir,
          params: idParamsSchema,
          response: { 200: schemas.titulo, ...errors },
        },
      },
      async (request) => writeThenGet(request, def.get, request.params.id, (tx) => def.excluir(tx, request.params.id)),
    );

    app.patch(
      '/:id/baixa',
      {
        config,
        schema: {
          tags,
          summary: resumos.baixar,
          description: descricoes.baixar,
          params: idParamsSchema,
          body: baixaInputSchema,
          response: { 200: schemas.titulo, ...errors },
        },
      },
      async (request) =>
        writeThenGet(request, def.get, request.params.id, (tx) =>
          baixarTitulo(tx, tipo, request.params.id, request.body, usuarioDe(request)),
        ),
    );
  };
};

/** Payables: the shared routes (`rotasTitulos`) and the attachments. */
const rotasDespesas = rotasTitulos({
  tipo: 'despesa',
  schemas: {
    query: listDespesasQuerySchema,
    exportar: listDespesasQuerySchema.extend(exportarQuerySchema.shape),
    titulo: despesaSchema,
    input: despesaInputSchema,
    update: despesaUpdateSchema,
  },
  list: listDespesas,
  listForExport: listDespesasParaExportar,
  get: getDespesa,
  criar: criarDespesa,
  alterar: alterarDespesa,
  excluir: excluirDespesa,
  planilha: {
    nome: 'despesas',
    titulo: 'Despesas',
    colunas: (hoje) => colunasTitulos<Despesa>(hoje, { titulo: 'Fornecedor', valor: (d) => d.fornecedor?.nome ?? null }),
  },
  resumos: {
    list: 'Listar despesas (contas a pagar)',
    exportar: 'Exportar despesas (CSV ou XLSX)',
    criar: 'Cadastrar despesa (uma ou várias parcelas)',
    cancelarBaixa: 'Cancelar baixa de despesa',
    get: 'Obter despesa (com baixas e anexos)',
    alterar: 'Alterar despesa (parcela em aberto, sem baixa)',
    excluir: 'Excluir despesa (fica Cancelada)',
    baixar: 'Baixar despesa (pagamento total ou parcial)',
  },
  descricoes: {
    list: `${LISTA}, fornecedor), fornecedorId, recorrenciaId. Ordem: vencimento, descrição. \`totais\`: de todas as páginas filtradas.`,
    criar:
      'Uma despesa por parcela (`parcelas`, veja gerarParcelas), com o mesmo grupoId. Com `id` (uuid do cliente, o da primeira parcela), repetir o envio responde a despesa já criada. Categoria de despesa ativa; fornecedor, forma de pagamento e conta existentes. Responde a primeira parcela.',
    alterar:
      'Só em aberto e sem baixa (uma despesa baixada é alterada estornando a baixa). A despesa de uma compra mantém o valor.',
    excluir:
      'Recusado quando há baixa (estorne antes) e para despesas de compras (exclua ou cancele a compra). Responde a despesa cancelada.',
    baixar: BAIXA,
  },
});

/** Payables: GET/POST /, GET/PUT/DELETE /{id}, PATCH /{id}/baixa, POST /cancelar-baixar, GET /exportar, anexos. */
export const despesasRoutes: FastifyPluginAsyncZod = async (app, opts) => {
  await rotasDespesas(app, opts);

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
      const arquivo = await readAnexo(request);
      const despesa = await writeThenGet(request, getDespesa, request.params.id, (tx) =>
        anexarArquivo(tx, request.params.id, arquivo),
      );
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
      writeThenGet(request, getDespesa, request.params.id, (tx) => removerAnexo(tx, request.params.id, request.params.anexoId)),
  );
};

/** Receivables: GET/POST /, GET/PUT/DELETE /{id}, PATCH /{id}/baixa, POST /cancelar-baixar, GET /exportar. */
export const receitasRoutes: FastifyPluginAsyncZod = rotasTitulos({
  tipo: 'receita',
  schemas: {
    query: listReceitasQuerySchema,
    exportar: listReceitasQuerySchema.extend(exportarQuerySchema.shape),
    titulo: receitaSchema,
    input: receitaInputSchema,
    update: receitaUpdateSchema,
  },
  list: listReceitas,
  listForExport: listReceitasParaExportar,
  get: getReceita,
  criar: criarReceita,
  alterar: alterarReceita,
  excluir: excluirReceita,
  planilha: {
    nome: 'receitas',
    titulo: 'Receitas',
    colunas: (hoje) =>
      colunasTitulos<Receita>(hoje, { titulo: 'Cliente', valor: (r) => r.pessoa?.nome ?? null }, [
        { titulo: 'Taxa', tipo: 'dinheiro', valor: (r) => r.valorTaxa },
        { titulo: 'Líquido', tipo: 'dinheiro', valor: (r) => r.valorLiquido },
      ]),
  },
  resumos: {
    list: 'Listar receitas (contas a receber)',
    exportar: 'Exportar receitas (CSV ou XLSX)',
    criar: 'Cadastrar receita manual (uma ou várias parcelas)',
    cancelarBaixa: 'Cancelar baixa de receita',
    get: 'Obter receita (com baixas)',
    alterar: 'Alterar receita manual (parcela em aberto, sem baixa)',
    excluir: 'Excluir receita manual (fica Cancelada)',
    baixar: 'Baixar receita (recebimento total ou parcial)',
  },
  descricoes: {
    list: `Receitas de vendas (cartão, PIX, boleto, a prazo) e manuais. ${LISTA}, cliente), pessoaId, tipoForma (tipos de forma de pagamento, separados por vírgula). Ordem: vencimento (data prevista de recebimento), descrição. \`totais\`: de todas as páginas filtradas.`,
    criar:
      'Uma receita por parcela, com o mesmo grupoId. Com `id` (uuid do cliente, o da primeira parcela), repetir o envio responde a receita já criada. Categoria de receita ativa; cliente, forma de pagamento e conta existentes. Responde a primeira parcela.',
    alterar: 'Só em aberto e sem baixa. Receitas de vendas são alteradas pela venda (400).',
    excluir: 'Recusado quando há baixa (estorne antes) e para receitas de vendas. Responde a receita cancelada.',
    baixar: `${BAIXA} Cartão/PIX: sem \`taxa\`, a taxa da receita proporcional ao valor baixado.`,
  },
});
