/**
 * A pet's planned vaccine doses under the clinic's prefix (/api/clinica and /api/clinicas;
 * issue #19 items 2 and 7; spec §7 "Clinic"; DOMAIN.md §9):
 * - GET    /planejamentos                                    with petId: that pet's doses of every unit of   [clinica, clientes]
 *                                                            the tenant (the chart is the tenant's); without:
 *                                                            the scope unit's; period on dataPrevista, status
 *                                                            pendente/aplicada/atrasada (derived); by date
 * - GET    /planejamentos/doses-devidas?dias=30               the scope unit's pending doses due in the next    [clinica, clientes]
 *                                                            `dias` days and those overdue (home indicators,
 *                                                            reminders)
 * - POST   /planejamentos/aplicar-protocolo                   plans a protocol's doses from a date, 201         clinica
 * - DELETE /planejamentos/remover-aplicacao-protocolo/{id}    the application's pending doses, { removidas }    clinica
 * - DELETE /planejamentos/{id}                               one pending dose of the scope unit                 clinica
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aplicarProtocoloInputSchema,
  aplicarProtocoloResultSchema,
  dosesDevidasQuerySchema,
  dosesDevidasSchema,
  listPlanejamentosQuerySchema,
  planejamentoPageSchema,
  removerAplicacaoProtocoloResultSchema,
} from '@petshop/shared/clinica';
import { apiErrorSchema, idParamsSchema, okSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { aplicarProtocolo } from './aplicar-protocolo.ts';
import { excluirPlanejamento } from './excluir-planejamento.ts';
import { listDosesDevidas, listPlanejamentos } from './planejamentos-repository.ts';
import { removerAplicacaoProtocolo } from './remover-aplicacao-protocolo.ts';

export const planejamentosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clinica'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const leitura = { permission: [PERMISSOES.clinica, PERMISSOES.clientes] };
  const escrita = { permission: PERMISSOES.clinica };

  app.get(
    '/planejamentos',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Listar doses planejadas (de um pet em todas as unidades, ou da unidade)',
        description:
          'Com petId: as doses do pet planejadas por qualquer unidade do tenant. Sem petId: as da unidade selecionada. dataInicio/dataFim filtram a data prevista; status (lista) pendente, aplicada ou atrasada (pendente com data prevista antes de hoje no fuso da unidade). Ordem: data prevista crescente.',
        querystring: listPlanejamentosQuerySchema,
        response: { 200: planejamentoPageSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        const { petId, status, dataInicio, dataFim, page, pageSize } = request.query;
        const unidadeNegocioId = petId ? undefined : (await getUnidadeAtual(tx)).id;
        return listPlanejamentos(tx, { petId, unidadeNegocioId, status, dataInicio, dataFim, page, pageSize });
      }),
  );

  app.get(
    '/planejamentos/doses-devidas',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Doses devidas da unidade: as dos próximos dias e as atrasadas',
        description:
          'Doses pendentes da unidade selecionada com data prevista de hoje a hoje + dias (padrão 30), e as atrasadas; pets falecidos ou inativos ficam de fora. Cada dose traz o tutor principal e seu celular (lembretes).',
        querystring: dosesDevidasQuerySchema,
        response: { 200: dosesDevidasSchema, ...errors },
      },
    },
    async (request) => request.scoped(async (tx) => listDosesDevidas(tx, request.query.dias, (await getUnidadeAtual(tx)).hoje)),
  );

  app.post(
    '/planejamentos/aplicar-protocolo',
    {
      config: escrita,
      schema: {
        tags,
        summary: 'Aplicar protocolo de vacinação a um pet (planeja suas doses)',
        description:
          'Cria uma dose planejada por dose do protocolo, a partir de dataInicio (a 1ª em dataInicio + seu intervalo, cada seguinte a partir da anterior), na unidade selecionada. Uma data no passado cria as doses já vencidas como atrasadas. O reforço é planejado ao registrar a última dose. Recusa (400) pet falecido ou inativo, protocolo ou vacina inativos, espécie diferente e protocolo já aplicado com doses pendentes; a mesma aplicação repetida em até 10 s responde a primeira.',
        body: aplicarProtocoloInputSchema,
        response: { 201: aplicarProtocoloResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const resultado = await request.scoped((tx) => aplicarProtocolo(tx, request.body));
      return reply.status(201).send(resultado);
    },
  );

  app.delete(
    '/planejamentos/remover-aplicacao-protocolo/:id',
    {
      config: escrita,
      schema: {
        tags,
        summary: 'Remover a aplicação de um protocolo (suas doses pendentes; as aplicadas ficam)',
        description: '{id} é o aplicacaoProtocoloId. 404 quando a unidade selecionada não tem dose dessa aplicação.',
        params: idParamsSchema,
        response: { 200: removerAplicacaoProtocoloResultSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => removerAplicacaoProtocolo(tx, request.params.id)),
  );

  app.delete(
    '/planejamentos/:id',
    {
      config: escrita,
      schema: {
        tags,
        summary: 'Excluir uma dose planejada pendente (da unidade selecionada)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => excluirPlanejamento(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
