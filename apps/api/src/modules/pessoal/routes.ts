/**
 * Customers (spec §7 "Pessoas", /api/pessoal/pessoas): list (page, pageSize, query by name,
 * CPF/CNPJ, phone, e-mail or pet name; ativo), create (multipart: dados + foto; JSON
 * accepted), get (with pets), update (multipart), the section updates PUT /{id}/contato,
 * /{id}/dados-pessoais and /{id}/endereco (JSON, answer the whole pessoa), delete (refused
 * while the person has history). Permission `clientes`. GET /{id}/vendas-em-aberto and
 * /{id}/resumo (the customer's money in the selected unit, issue #4 item 8) also answer the
 * till (`vendas`). GET /{id}/pacotes: the customer's packages in the selected unit (issue #17;
 * agenda/pacotes-repository.ts), also for the agenda (`agenda`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, okSchema } from '@petshop/shared/http';
import {
  createPessoaInputSchema,
  listPessoasQuerySchema,
  pessoaContatoInputSchema,
  pessoaDadosPessoaisInputSchema,
  pessoaEnderecoInputSchema,
  pessoaSchema,
  pessoasPageSchema,
  updatePessoaInputSchema,
} from '@petshop/shared/pessoa';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { pessoaResumoSchema, vendasEmAbertoSchema } from '@petshop/shared/pessoa-resumo';
import { pacotesSchema } from '@petshop/shared/agenda';
import { notFound } from '../../lib/errors.ts';
import { IMAGE_RULE, readBody } from '../../lib/request-body.ts';
import { listPacotesPessoa } from '../agenda/pacotes-repository.ts';
import { excluirPessoa } from './excluir-pessoa.ts';
import { getResumoPessoa, getVendasEmAbertoDaPessoa } from './pessoa-resumo.ts';
import { findPessoa, listPessoas } from './pessoas-repository.ts';
import {
  criarPessoa,
  alterarPessoa,
  alterarPessoaContato,
  alterarPessoaDadosPessoais,
  alterarPessoaEndereco,
} from './salvar-pessoa.ts';

const fotoRule = { foto: { ...IMAGE_RULE, label: 'Foto' } };

export const pessoalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoal'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const permission = PERMISSOES.clientes;

  app.get(
    '/pessoas/:id/pacotes',
    {
      config: { permission: [permission, PERMISSOES.agenda] },
      schema: {
        tags,
        summary: 'Pacotes do cliente na unidade (todos os status), mais novos primeiro',
        params: idParamsSchema,
        response: { 200: pacotesSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => listPacotesPessoa(tx, request.params.id)),
  );

  app.get(
    '/pessoas',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Listar clientes (busca por nome, CPF/CNPJ, telefone, e-mail ou nome do pet)',
        querystring: listPessoasQuerySchema,
        response: { 200: pessoasPageSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => listPessoas(tx, request.query)),
  );

  app.post(
    '/pessoas',
    {
      config: { permission, multipart: { dados: createPessoaInputSchema, files: ['foto'] } },
      schema: { tags, summary: 'Criar cliente (multipart: dados + foto)', response: { 201: pessoaSchema, ...errors } },
    },
    async (request, reply) => {
      const { dados, files } = await readBody(request, createPessoaInputSchema, fotoRule);
      const pessoa = await request.scoped(async (tx) => (await findPessoa(tx, await criarPessoa(tx, dados, files.foto)))!);
      return reply.status(201).send(pessoa);
    },
  );

  app.get(
    '/pessoas/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Obter cliente com seus pets',
        params: idParamsSchema,
        response: { 200: pessoaSchema, ...errors },
      },
    },
    async (request) => {
      const pessoa = await request.scoped((tx) => findPessoa(tx, request.params.id));
      if (!pessoa) throw notFound('Cliente não encontrado');
      return pessoa;
    },
  );

  app.get(
    '/pessoas/:id/vendas-em-aberto',
    {
      config: { permission: [PERMISSOES.clientes, PERMISSOES.vendas] },
      schema: {
        tags,
        summary:
          'Vendas em aberto do cliente nesta unidade (deixadas abertas no PDV), receitas em aberto que ele deve (a prazo, boleto) e o total em aberto (R$)',
        params: idParamsSchema,
        response: { 200: vendasEmAbertoSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getVendasEmAbertoDaPessoa(tx, request.params.id)),
  );

  app.get(
    '/pessoas/:id/resumo',
    {
      config: { permission: [PERMISSOES.clientes, PERMISSOES.vendas] },
      schema: {
        tags,
        summary:
          'Resumo do cliente nesta unidade: total gasto (vendas finalizadas menos devoluções), compras, ticket médio, última compra, saldo em aberto e crédito (R$)',
        params: idParamsSchema,
        response: { 200: pessoaResumoSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getResumoPessoa(tx, request.params.id)),
  );

  app.put(
    '/pessoas/:id',
    {
      config: { permission, multipart: { dados: updatePessoaInputSchema, files: ['foto'] } },
      schema: {
        tags,
        summary: 'Atualizar cliente (multipart: dados + foto)',
        params: idParamsSchema,
        response: { 200: pessoaSchema, ...errors },
      },
    },
    async (request) => {
      const { dados, files } = await readBody(request, updatePessoaInputSchema, fotoRule);
      return request.scoped(async (tx) => {
        await alterarPessoa(tx, request.params.id, dados, files.foto);
        return (await findPessoa(tx, request.params.id))!;
      });
    },
  );

  app.put(
    '/pessoas/:id/dados-pessoais',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Atualizar os dados pessoais do cliente',
        params: idParamsSchema,
        body: pessoaDadosPessoaisInputSchema,
        response: { 200: pessoaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarPessoaDadosPessoais(tx, request.params.id, request.body);
        return (await findPessoa(tx, request.params.id))!;
      }),
  );

  app.put(
    '/pessoas/:id/contato',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Atualizar e-mail e telefones do cliente',
        params: idParamsSchema,
        body: pessoaContatoInputSchema,
        response: { 200: pessoaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarPessoaContato(tx, request.params.id, request.body);
        return (await findPessoa(tx, request.params.id))!;
      }),
  );

  app.put(
    '/pessoas/:id/endereco',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Atualizar o endereço do cliente',
        params: idParamsSchema,
        body: pessoaEnderecoInputSchema,
        response: { 200: pessoaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarPessoaEndereco(tx, request.params.id, request.body);
        return (await findPessoa(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/pessoas/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Excluir cliente (recusado se tiver histórico: desative-o)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => excluirPessoa(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
