/**
 * The agenda's settings under /api/agenda (issue #17 item 1; spec §2 configuracoes/atendimento/*,
 * §7 "Agenda"):
 * - /tipos-atendimento (tenant-wide), /salas and /boxes (per selected unit): list (page,
 *   pageSize, query, ativo; types also area), create, get, update, delete (400 while in use:
 *   deactivate instead), through lib/crud-routes.ts;
 * - GET and PUT /configuracoes: the selected unit's opening hours, slot size and capacities
 *   (the defaults while the unit has saved none).
 * Reading needs agenda, banhoTosa or clinica (every profile that books or works the agenda
 * picks from them); writing needs configuracoes.gerenciar.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agendaConfiguracoesSchema,
  listRecursosQuerySchema,
  listTiposAtendimentoQuerySchema,
  recursoInputSchema,
  recursoSchema,
  tipoAtendimentoInputSchema,
  tipoAtendimentoSchema,
} from '@petshop/shared/agenda';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { boxes, salas } from '../../db/schema/index.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { getAgendaConfiguracoes, salvarAgendaConfiguracoes } from './configuracoes-agenda.ts';
import { findRecurso, listRecursos } from './recursos-repository.ts';
import { alterarRecurso, criarRecurso, excluirRecurso } from './salvar-recurso.ts';
import { alterarTipoAtendimento, criarTipoAtendimento, excluirTipoAtendimento } from './salvar-tipo-atendimento.ts';
import { findTipoAtendimento, listTiposAtendimento } from './tipos-atendimento-repository.ts';

const tag = 'agenda';
/** Who reads the agenda's settings: whoever books or works appointments. */
export const LEITURA_AGENDA = [PERMISSOES.agenda, PERMISSOES.banhoTosa, PERMISSOES.clinica];
const permissions = { read: LEITURA_AGENDA, write: PERMISSOES.configuracoesGerenciar };
const emUso = 'recusado enquanto atendimentos o usam';

export const cadastrosAgendaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'tipo de atendimento', plural: 'tipos de atendimento' },
      notFoundMessage: 'Tipo de atendimento não encontrado',
      schemas: { item: tipoAtendimentoSchema, input: tipoAtendimentoInputSchema, listQuery: listTiposAtendimentoQuerySchema },
      list: listTiposAtendimento,
      find: findTipoAtendimento,
      create: criarTipoAtendimento,
      update: alterarTipoAtendimento,
      remove: excluirTipoAtendimento,
      details: { list: 'nome; filtros área e ativo', delete: `${emUso} ou pacotes` },
    }),
    { prefix: '/tipos-atendimento' },
  );
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'sala', plural: 'salas da unidade' },
      notFoundMessage: 'Sala não encontrada',
      schemas: { item: recursoSchema, input: recursoInputSchema, listQuery: listRecursosQuerySchema },
      list: (tx, query) => listRecursos(tx, salas, query),
      find: (tx, id) => findRecurso(tx, salas, id),
      create: (tx, input) => criarRecurso(tx, salas, input),
      update: (tx, id, input) => alterarRecurso(tx, salas, id, input),
      remove: (tx, id) => excluirRecurso(tx, salas, id),
      details: { delete: emUso },
    }),
    { prefix: '/salas' },
  );
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'box', plural: 'boxes da unidade' },
      notFoundMessage: 'Box não encontrado',
      schemas: { item: recursoSchema, input: recursoInputSchema, listQuery: listRecursosQuerySchema },
      list: (tx, query) => listRecursos(tx, boxes, query),
      find: (tx, id) => findRecurso(tx, boxes, id),
      create: (tx, input) => criarRecurso(tx, boxes, input),
      update: (tx, id, input) => alterarRecurso(tx, boxes, id, input),
      remove: (tx, id) => excluirRecurso(tx, boxes, id),
      details: { delete: emUso },
    }),
    { prefix: '/boxes' },
  );

  const errors = { 400: apiErrorSchema, 403: apiErrorSchema };

  /** The selected unit's settings; the defaults (Mon–Fri 08–18, Sat 08–13, 30 min, 1 and 1) while none are saved. */
  app.get(
    '/configuracoes',
    {
      config: { permission: permissions.read },
      schema: {
        tags: [tag],
        summary: 'Configurações da agenda da unidade (horários, intervalo, capacidades)',
        response: { 200: agendaConfiguracoesSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await getUnidadeAtual(tx);
        return getAgendaConfiguracoes(tx);
      }),
  );

  /** Saves (creates or replaces) the selected unit's settings; answers them. */
  app.put(
    '/configuracoes',
    {
      config: { permission: permissions.write },
      schema: {
        tags: [tag],
        summary: 'Salvar as configurações da agenda da unidade',
        body: agendaConfiguracoesSchema,
        response: { 200: agendaConfiguracoesSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await getUnidadeAtual(tx);
        await salvarAgendaConfiguracoes(tx, request.body);
        return getAgendaConfiguracoes(tx);
      }),
  );
};
