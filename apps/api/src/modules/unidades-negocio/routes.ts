/**
 * Business units (spec §7, paths exactly as written, quirks included):
 * GET /geral/unidades-negocio; POST /geral/unidades_negocio (multipart); GET and DELETE
 * /geral/unidades_negocio/{id}; PUT /geral/unidades-negocio/{id} (multipart). The other
 * spelling of each path is served too (hidden from the docs) so a client cannot trip on it.
 * Reading and editing need `unidades.gerenciar` (Administrador, Gerente); a Gerente only
 * sees the units they belong to. Creating and deactivating need `unidades.criar`
 * (Administrador); the certificate needs `certificado.gerenciar`. The fiscal part (issue #18):
 * `fiscal.pixChave` (a DICT key, normalised), `fiscal.nfceEmissaoAutomatica`, and a certificate
 * refused with 400 on `fiscal.certificado` when it is of another company (salvar-unidade.ts);
 * the answer's `fiscal.certificado` carries its CNPJ and `diasParaVencer`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES, perfilPode } from '@petshop/shared/permissoes';
import { listUnidadesNegocioQuerySchema, unidadeNegocioInputSchema, unidadeNegocioSchema } from '@petshop/shared/unidade-negocio';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { IMAGE_RULE, readBody } from '../../lib/request-body.ts';
import { criarUnidade, desativarUnidade, alterarUnidade } from './salvar-unidade.ts';
import { findUnidadeRow, listUnidades, toUnidadeNegocio } from './unidades-repository.ts';

const fileRules = {
  logo: { ...IMAGE_RULE, label: 'Logo' },
  certificado: { label: 'Certificado', maxBytes: 64 * 1024, extensions: ['.pfx', '.p12'] },
};

export const unidadesNegocioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['geral'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const multipart = { dados: unidadeNegocioInputSchema, files: ['logo', 'certificado'] };

  const perfilAtual = (request: FastifyRequest) =>
    request.auth?.unidades.find((u) => u.unidadeNegocioId === request.unidadeNegocioId)?.perfilId;

  /** Units the caller may see: all for administrators, their own for everyone else. */
  const visiveis = (request: FastifyRequest): string[] | undefined => {
    if (!request.auth) throw unauthorized();
    return perfilPode(perfilAtual(request), PERMISSOES.unidadesCriar)
      ? undefined
      : request.auth.unidades.map((u) => u.unidadeNegocioId);
  };

  const ctx = (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized();
    return {
      usuarioId: request.auth.usuarioId,
      tenantId: request.auth.tenantId,
      encryptionKey: app.appConfig.encryptionKey,
      podeCertificado: perfilPode(perfilAtual(request), PERMISSOES.certificadoGerenciar),
    };
  };

  const assertVisivel = (request: FastifyRequest, id: string) => {
    const ids = visiveis(request);
    if (ids && !ids.includes(id)) throw notFound('Unidade de negócio não encontrada');
  };

  const getOne = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    assertVisivel(request, request.params.id);
    const row = await request.scoped((tx) => findUnidadeRow(tx, request.params.id));
    if (!row) throw notFound('Unidade de negócio não encontrada');
    return toUnidadeNegocio(row);
  };

  app.get(
    '/unidades-negocio',
    {
      config: { permission: PERMISSOES.unidadesGerenciar },
      schema: {
        tags,
        summary: 'Listar unidades de negócio',
        querystring: listUnidadesNegocioQuerySchema,
        response: { 200: pageOf(unidadeNegocioSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listUnidades(tx, request.query, visiveis(request))),
  );

  for (const [path, hide] of [
    ['/unidades_negocio', false],
    ['/unidades-negocio', true],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: PERMISSOES.unidadesCriar, multipart },
        schema: {
          hide,
          tags,
          summary: 'Criar unidade de negócio (multipart: dados, logo, certificado)',
          response: { 201: unidadeNegocioSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { dados, files } = await readBody(request, unidadeNegocioInputSchema, fileRules);
        const unidade = await request.scoped(async (tx) => {
          const id = await criarUnidade(tx, dados, files, ctx(request));
          return toUnidadeNegocio((await findUnidadeRow(tx, id))!);
        });
        return reply.status(201).send(unidade);
      },
    );

    app.get(
      `${path}/:id`,
      {
        config: { permission: PERMISSOES.unidadesGerenciar },
        schema: {
          hide,
          tags,
          summary: 'Obter unidade de negócio',
          params: idParamsSchema,
          response: { 200: unidadeNegocioSchema, ...errors },
        },
      },
      getOne,
    );

    app.delete(
      `${path}/:id`,
      {
        config: { permission: PERMISSOES.unidadesCriar },
        schema: {
          hide,
          tags,
          summary: 'Excluir (desativar) unidade de negócio',
          params: idParamsSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await request.scoped((tx) => desativarUnidade(tx, request.params.id, request.unidadeNegocioId));
        return { ok: true as const };
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: { permission: PERMISSOES.unidadesGerenciar, multipart },
        // The spec's PUT is the hyphenated path; the underscore one is the hidden alias.
        schema: {
          hide: !hide,
          tags,
          summary: 'Atualizar unidade de negócio (multipart: dados, logo, certificado)',
          params: idParamsSchema,
          response: { 200: unidadeNegocioSchema, ...errors },
        },
      },
      async (request) => {
        assertVisivel(request, request.params.id);
        const { dados, files } = await readBody(request, unidadeNegocioInputSchema, fileRules);
        return request.scoped(async (tx) => {
          await alterarUnidade(tx, request.params.id, dados, files, ctx(request));
          return toUnidadeNegocio((await findUnidadeRow(tx, request.params.id))!);
        });
      },
    );
  }
};
