/**
 * Spreadsheet import (issue #3 item 5), under /api/importacoes/{tipo} with tipo `clientes`
 * (customers with their pets; permission `clientes`) or `produtos` (products and services;
 * permission `produtos.gerenciar`). Each tipo has its own routes so each carries its own
 * permission; any other tipo answers 404.
 * - GET  /{tipo}/modelo?formato=xlsx|csv: the template file (attachment).
 * - POST /{tipo}/previa (multipart: `arquivo` .xlsx/.csv ≤ 5 MB and ≤ 5 000 rows, optional
 *   `mapeamento` JSON text): columns, suggested or given mapping, every row with its errors.
 * - POST /{tipo} (same parts): imports every valid row in one transaction; invalid rows are
 *   reported, not imported. Send an Idempotency-Key so a double click imports once. Audited
 *   (`DadosImportados`, in the unit, same transaction) with the file's name and the counts.
 * The template holds only example rows (no tenant data): its download is not an export.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@petshop/shared/http';
import {
  formatoModeloSchema,
  IMPORTACAO_EXTENSOES,
  IMPORTACAO_MAX_BYTES,
  IMPORTACAO_MAX_LINHAS,
  previaImportacaoSchema,
  resultadoImportacaoSchema,
  TIPOS_IMPORTACAO,
} from '@petshop/shared/importacao';
import { badRequest, notFound } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';
import { readBody } from '../../lib/request-body.ts';
import { gerarModelo } from './gerar-modelo.ts';
import { importadorClientes } from './importar-clientes.ts';
import { importadorProdutos } from './importar-produtos.ts';
import type { Importador } from './importador.ts';
import { parsePlanilha } from './parse-planilha.ts';
import { gerarPrevia, importarPlanilha, parseMapeamento } from './processar-importacao.ts';

const arquivoRule = { arquivo: { label: 'Arquivo', maxBytes: IMPORTACAO_MAX_BYTES, extensions: IMPORTACAO_EXTENSOES } };

const partesSchema = z.object({ mapeamento: z.string().optional() });

/**
 * The multipart body as documented in OpenAPI. Not checked by Fastify (a multipart body is
 * read as a stream by `readBody`, which checks the parts), hence `z.any()` with the shape as
 * metadata only.
 */
const multipartDoc = z.any().meta({
  type: 'object',
  properties: {
    arquivo: {
      type: 'string',
      format: 'binary',
      description: `Planilha .xlsx ou .csv (até 5 MB e ${IMPORTACAO_MAX_LINHAS} linhas de dados)`,
    },
    mapeamento: {
      type: 'string',
      contentMediaType: 'application/json',
      description: 'JSON: campo → nome da coluna (ou null). Sem ele, o mapeamento é sugerido pelos títulos das colunas.',
    },
  },
  required: ['arquivo'],
});

const readEnvio = async (request: FastifyRequest) => {
  const { dados, files } = await readBody(request, partesSchema, arquivoRule);
  const arquivo = files.arquivo;
  if (!arquivo) throw badRequest({ arquivo: ['Envie a planilha (arquivo .xlsx ou .csv)'] });
  return { arquivo, mapeamento: dados.mapeamento };
};

export const importacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['importacoes'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  const registrar = <T>(importador: Importador<T>) => {
    const { tipo, permissao: permission } = importador;
    const nome = TIPOS_IMPORTACAO[tipo];

    app.get(
      `/${tipo}/modelo`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `Modelo de planilha: ${nome}`,
          description:
            'Arquivo para download (Content-Disposition: attachment): títulos = nomes dos campos, linhas de exemplo e, no XLSX, a aba "Instruções".',
          querystring: z.object({ formato: formatoModeloSchema.default('xlsx') }),
          response: {
            200: z.any().meta({
              description:
                'A planilha modelo: XLSX (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) ou CSV (text/csv)',
              type: 'string',
              format: 'binary',
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const modelo = await gerarModelo(tipo, request.query.formato);
        return reply
          .header('content-type', modelo.contentType)
          .header('content-disposition', `attachment; filename="${modelo.nome}"`)
          .header('cache-control', 'no-store')
          .send(modelo.conteudo);
      },
    );

    app.post(
      `/${tipo}/previa`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `Prévia da importação: ${nome} (multipart: arquivo, mapeamento)`,
          description:
            'Lê a planilha, sugere o mapeamento das colunas (ou usa o enviado) e valida cada linha, sem gravar nada. `numero` é a linha na planilha (2 = primeira linha de dados).',
          consumes: ['multipart/form-data'],
          body: multipartDoc,
          response: { 200: previaImportacaoSchema, ...errors },
        },
      },
      async (request) => {
        const envio = await readEnvio(request);
        const planilha = await parsePlanilha(envio.arquivo);
        const mapeamento = parseMapeamento(envio.mapeamento, planilha, importador);
        return request.scoped((tx) => gerarPrevia(tx, importador, planilha, mapeamento));
      },
    );

    app.post(
      `/${tipo}`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `Importar: ${nome} (multipart: arquivo, mapeamento)`,
          description:
            'Importa, numa só transação, todas as linhas válidas; as inválidas voltam em `erros` e não são importadas. Envie o cabeçalho Idempotency-Key para que um duplo clique importe uma vez só.',
          consumes: ['multipart/form-data'],
          body: multipartDoc,
          response: { 200: resultadoImportacaoSchema, ...errors },
        },
      },
      async (request) => {
        const envio = await readEnvio(request);
        const planilha = await parsePlanilha(envio.arquivo);
        const mapeamento = parseMapeamento(envio.mapeamento, planilha, importador);
        return request.scoped(async (tx) => {
          const resultado = await importarPlanilha(tx, importador, planilha, mapeamento);
          // Who imported what, in the import's own transaction (issue #22 item 4): the counts, not the rows.
          await registrarAuditoria(tx, {
            acao: 'DadosImportados',
            entidade: 'importacao',
            entidadeId: tipo,
            descricao: `Importação de ${nome.toLowerCase()} pela planilha ${envio.arquivo.filename}: ${resultado.importadas} linhas importadas, ${resultado.ignoradas} ignoradas`,
            depois: {
              tipo,
              arquivo: envio.arquivo.filename,
              importadas: resultado.importadas,
              ignoradas: resultado.ignoradas,
              criados: resultado.criados,
            },
          });
          return resultado;
        });
      },
    );
  };

  registrar(importadorClientes);
  registrar(importadorProdutos);

  // Any other tipo: a clear 404 instead of the generic one.
  const tipoDesconhecido = async () => {
    throw notFound('Tipo de importação não encontrado (use clientes ou produtos)');
  };
  const hidden = { hide: true, params: z.object({ tipo: z.string() }) };
  app.get('/:tipo/modelo', { schema: hidden }, tipoDesconhecido);
  app.post('/:tipo/previa', { schema: hidden }, tipoDesconhecido);
  app.post('/:tipo', { schema: hidden }, tipoDesconhecido);
};
