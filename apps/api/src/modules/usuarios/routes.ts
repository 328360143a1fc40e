/**
 * Users (spec §7 /api/auth/usuarios): list, create (multipart), get, update (multipart),
 * delete (deactivates). Permission `usuarios.gerenciar` (Administrador, DOMAIN.md §1).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  createUsuarioInputSchema,
  listUsuariosQuerySchema,
  updateUsuarioInputSchema,
  usuarioSchema,
} from '@petshop/shared/usuario';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { IMAGE_RULE, readBody } from '../../lib/request-body.ts';
import { criarUsuario, desativarUsuario, alterarUsuario } from './salvar-usuario.ts';
import { findUsuario, listUsuarios } from './usuarios-repository.ts';

const fotoRule = { foto: { ...IMAGE_RULE, label: 'Foto' } };

export const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const permission = PERMISSOES.usuariosGerenciar;

  const actorOf = (request: { auth: { usuarioId: string; tenantId: string } | null }) => {
    if (!request.auth) throw unauthorized();
    return request.auth;
  };

  app.get(
    '/',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Listar usuários',
        querystring: listUsuariosQuerySchema,
        response: { 200: pageOf(usuarioSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listUsuarios(tx, request.query)),
  );

  app.post(
    '/',
    {
      config: { permission, multipart: { dados: createUsuarioInputSchema, files: ['foto'] } },
      schema: { tags, summary: 'Criar usuário (multipart: dados + foto)', response: { 201: usuarioSchema, ...errors } },
    },
    async (request, reply) => {
      const { dados, files } = await readBody(request, createUsuarioInputSchema, fotoRule);
      const usuario = await request.scoped(async (tx) => {
        const id = await criarUsuario(tx, actorOf(request), dados, files.foto);
        return (await findUsuario(tx, id))!;
      });
      return reply.status(201).send(usuario);
    },
  );

  app.get(
    '/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Obter usuário', params: idParamsSchema, response: { 200: usuarioSchema, ...errors } },
    },
    async (request) => {
      const usuario = await request.scoped((tx) => findUsuario(tx, request.params.id));
      if (!usuario) throw notFound('Usuário não encontrado');
      return usuario;
    },
  );

  app.put(
    '/:id',
    {
      config: { permission, multipart: { dados: updateUsuarioInputSchema, files: ['foto'] } },
      schema: {
        tags,
        summary: 'Atualizar usuário (multipart: dados + foto)',
        params: idParamsSchema,
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => {
      const { dados, files } = await readBody(request, updateUsuarioInputSchema, fotoRule);
      return request.scoped(async (tx) => {
        await alterarUsuario(tx, actorOf(request), request.params.id, dados, files.foto);
        return (await findUsuario(tx, request.params.id))!;
      });
    },
  );

  app.delete(
    '/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Excluir (desativar) usuário', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await request.scoped((tx) => desativarUsuario(tx, actorOf(request), request.params.id));
      return { ok: true as const };
    },
  );
};
