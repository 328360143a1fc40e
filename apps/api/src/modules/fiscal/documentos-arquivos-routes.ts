/**
 * The files of the fiscal documents (issue #18 items 5 and 6), under /api/fiscal:
 * - GET /documentos/{id}/pdf — the DANFE NFC-e on an 80 mm roll (inline PDF); `fiscal` or `vendas`
 *   (the cashier prints the NFC-e of the sale just finalised);
 * - GET /documentos/{id}/xml[?cancelamento=1] — the NFC-e's XML (nfeProc once authorised) or its
 *   cancellation's procEventoNFe, as an attachment; `fiscal` or `vendas`;
 * - GET /documentos/xml-mensal?mes=yyyy-MM — the month's XMLs and resumo.csv in one zip for the
 *   accountant; `fiscal` only.
 * Documents of the selected unit only: any other id is a 404. Both XML downloads are recorded in
 * the audit log (DadosExportados, lib/registrar-exportacao.ts) once the file is built.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { xmlMensalQuerySchema } from '@petshop/shared/fiscal';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { respostaPdf } from '../comercial/impressao-pdf.ts';
import { imprimirDanfeNfce } from './danfe-nfce.ts';
import { xmlDocumento } from './documentos-arquivos.ts';
import { xmlMensal } from './xml-mensal.ts';
import { registrarExportacao } from '../../lib/registrar-exportacao.ts';

const xmlQuerySchema = z.object({
  /** '1'/'true': the cancellation's procEventoNFe instead of the NFC-e. */
  cancelamento: z
    .enum(['0', '1', 'true', 'false'], { error: 'Cancelamento inválido (use 1 ou 0)' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

const arquivo = (descricao: string) => z.any().meta({ description: descricao, type: 'string', format: 'binary' });

export const documentosArquivosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fiscal'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const fiscalOuVendas = { permission: [PERMISSOES.fiscal, PERMISSOES.vendas] };

  app.get(
    '/documentos/xml-mensal',
    {
      config: { permission: PERMISSOES.fiscal },
      schema: {
        tags,
        summary: 'XMLs do mês (aaaa-mm, fuso da unidade) em um zip para a contabilidade, com resumo.csv',
        description:
          'Content-Type application/zip, Content-Disposition attachment; filename="nfce-<cnpj>-<aaaa-mm>.zip": nfeProc das NFC-e autorizadas, canceladas e denegadas, procEventoNFe dos cancelamentos, procInutNFe das inutilizações e resumo.csv (número;série;chave;status;valor;data;protocolo). 400 quando o mês não tem documentos.',
        querystring: xmlMensalQuerySchema,
        response: { 200: arquivo('O zip (application/zip)'), ...errors },
      },
    },
    async (request, reply) => {
      const { nomeArquivo, zip, documentos } = await xmlMensal(request.scoped.bind(request), request.query.mes);
      const mes = request.query.mes;
      await registrarExportacao(request, {
        formato: 'zip',
        titulo: `XMLs fiscais de ${mes.slice(5, 7)}/${mes.slice(0, 4)}`,
        lista: 'xml-mensal',
        linhas: documentos,
        descricao: `XMLs fiscais de ${mes.slice(5, 7)}/${mes.slice(0, 4)} baixados para a contabilidade: ${documentos} ${documentos === 1 ? 'documento' : 'documentos'}`,
        filtros: { mes },
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${nomeArquivo}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  app.get(
    '/documentos/:id/pdf',
    {
      config: fiscalOuVendas,
      schema: {
        tags,
        summary: 'DANFE NFC-e em PDF (bobina de 80 mm), do XML guardado',
        description:
          'Content-Type application/pdf, Content-Disposition inline; filename="<chave>-danfe.pdf". 400 para NFC-e rejeitada, denegada ou ainda sem autorização (exceto contingência).',
        params: idParamsSchema,
        response: { 200: respostaPdf('O DANFE NFC-e em PDF (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const { chave, pdf } = await imprimirDanfeNfce(request.scoped.bind(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${chave}-danfe.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/documentos/:id/xml',
    {
      config: fiscalOuVendas,
      schema: {
        tags,
        summary: 'XML da NFC-e (nfeProc quando autorizada) ou, com cancelamento=1, o procEventoNFe do cancelamento',
        description:
          'Content-Type application/xml, Content-Disposition attachment; filename="<chave>-nfce.xml" (ou "<chave>-cancelamento.xml").',
        params: idParamsSchema,
        querystring: xmlQuerySchema,
        response: { 200: arquivo('O XML (application/xml)'), ...errors },
      },
    },
    async (request, reply) => {
      const { nomeArquivo, xml } = await request.scoped((tx) => xmlDocumento(tx, request.params.id, request.query.cancelamento));
      await registrarExportacao(request, {
        formato: 'xml',
        titulo: `XML ${nomeArquivo}`,
        lista: 'xml-documento',
        linhas: 1,
        descricao: `XML ${nomeArquivo} baixado`,
        filtros: { documentoId: request.params.id, cancelamento: request.query.cancelamento },
      });
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nomeArquivo}"`)
        .header('cache-control', 'no-store')
        .send(xml);
    },
  );
};
