/**
 * The document/prescription templates under the clinic's prefix (issue #19 item 5; spec §7
 * "Clinic"; both /api/clinica and /api/clinicas):
 * - /modelos-documento: list (`tipo`, `ativo`, `query` in the name), create, get, update, delete
 *   (lib/crud-routes.ts). Reading: `clinica`, `configuracoes.gerenciar` or `clientes` (the chart
 *   lists them); writing: `clinica` or `configuracoes.gerenciar`. Saving sanitises the HTML and
 *   refuses unknown variables (400 on `conteudo` listing the known ones): salvar-modelo-documento.ts.
 * - POST /modelos-documento/processar (`clinica`): the template filled for a pet; 200 with the
 *   HTML for a preview (`salvar: false`, nothing saved), 201 with the record saved
 *   (processar-modelo.ts). Its PDF: GET /registros/{id}/pdf (clinica-pdf-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listModelosDocumentoQuerySchema,
  modeloDocumentoInputSchema,
  modeloDocumentoSchema,
  processarModeloInputSchema,
  processarModeloResultSchema,
} from '@petshop/shared/clinica';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findModeloDocumento, listModelosDocumento, MODELO_NAO_ENCONTRADO } from './modelos-documento-repository.ts';
import { processarModelo } from './processar-modelo.ts';
import { alterarModeloDocumento, criarModeloDocumento, excluirModeloDocumento } from './salvar-modelo-documento.ts';

const modelosCrud = crudRoutes({
  tag: 'clinica',
  names: { singular: 'modelo de documento', plural: 'modelos de documento (receitas e documentos)' },
  notFoundMessage: MODELO_NAO_ENCONTRADO,
  schemas: { item: modeloDocumentoSchema, input: modeloDocumentoInputSchema, listQuery: listModelosDocumentoQuerySchema },
  permissions: {
    read: [PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar, PERMISSOES.clientes],
    write: [PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar],
  },
  list: listModelosDocumento,
  find: findModeloDocumento,
  create: criarModeloDocumento,
  update: alterarModeloDocumento,
  remove: excluirModeloDocumento,
  details: {
    list: 'filtros tipo (receita/documento) e ativo; busca no nome sem acentos',
    delete: 'os documentos já emitidos com ele ficam na ficha',
  },
});

export const modelosDocumentoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(modelosCrud, { prefix: '/modelos-documento' });

  app.post(
    '/modelos-documento/processar',
    {
      config: { permission: PERMISSOES.clinica },
      schema: {
        tags: ['clinica'],
        summary: 'Preencher um modelo para um pet (pré-visualização) ou emiti-lo como registro da ficha',
        description:
          'Variáveis {{...}} preenchidas com o pet, o tutor principal, a unidade, o veterinário (veterinarioId ou o usuário) e a data por extenso; todo valor é escapado (HTML). salvar=false: 200 com o HTML, nada salvo. salvar=true: 201 com o registro (tipo receita ou documento) cujo PDF é GET /registros/{id}/pdf. 404 para modelo inativo ou de outro tenant; 400 quando o modelo usa variável desconhecida (a mensagem lista as disponíveis).',
        body: processarModeloInputSchema,
        response: {
          200: processarModeloResultSchema,
          201: processarModeloResultSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const resultado = await request.scoped((tx) => processarModelo(tx, request.body, { usuarioId: auth.usuarioId }));
      return reply.status(resultado.registro ? 201 : 200).send(resultado);
    },
  );
};
