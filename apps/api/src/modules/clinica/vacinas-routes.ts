/**
 * Vaccines and vaccination protocols under the clinic's prefix (/api/clinica and /api/clinicas;
 * issue #19 item 1; spec §2 configuracoes/clinica/vacina, §7 "Clinic"), through lib/crud-routes.ts:
 * - /vacinas/protocolos: list (page, pageSize, query, vacinaId, especieId, ativo), create, get,
 *   update, delete (400 while planned doses use it). Registered first: the static segment
 *   'protocolos' is never read as a vaccine's {id};
 * - /vacinas: list (page, pageSize, query, especieId, ativo), create, get, update, delete (400
 *   while protocols or planned/applied doses use it).
 * Reading needs clinica, configuracoes.gerenciar or clientes (the chart lists them to every
 * profile that reads it); writing needs clinica or configuracoes.gerenciar.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listProtocolosQuerySchema,
  listVacinasQuerySchema,
  protocoloInputSchema,
  protocoloSchema,
  vacinaInputSchema,
  vacinaSchema,
} from '@petshop/shared/clinica';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { findProtocolo, listProtocolos } from './protocolos-repository.ts';
import { alterarProtocolo, criarProtocolo, excluirProtocolo } from './salvar-protocolo.ts';
import { alterarVacina, criarVacina, excluirVacina } from './salvar-vacina.ts';
import { findVacina, listVacinas } from './vacinas-repository.ts';

const tag = 'clinica';
/** Who reads vaccines and protocols: the clinic, settings managers, and whoever reads a pet's chart. */
export const LEITURA_CADASTROS_CLINICA = [PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar, PERMISSOES.clientes];
/** Who writes them. */
export const ESCRITA_CADASTROS_CLINICA = [PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar];
const permissions = { read: LEITURA_CADASTROS_CLINICA, write: ESCRITA_CADASTROS_CLINICA };

export const vacinasRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'protocolo de vacinação', plural: 'protocolos de vacinação' },
      notFoundMessage: 'Protocolo não encontrado',
      schemas: { item: protocoloSchema, input: protocoloInputSchema, listQuery: listProtocolosQuerySchema },
      list: listProtocolos,
      find: findProtocolo,
      create: criarProtocolo,
      update: alterarProtocolo,
      remove: excluirProtocolo,
      details: {
        list: 'nome do protocolo ou da vacina; filtros vacinaId, especieId (protocolos aplicáveis à espécie) e ativo',
        delete: 'recusado enquanto houver doses planejadas com ele',
      },
    }),
    { prefix: '/vacinas/protocolos' },
  );
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'vacina', plural: 'vacinas' },
      notFoundMessage: 'Vacina não encontrada',
      schemas: { item: vacinaSchema, input: vacinaInputSchema, listQuery: listVacinasQuerySchema },
      list: listVacinas,
      find: findVacina,
      create: criarVacina,
      update: alterarVacina,
      remove: excluirVacina,
      details: {
        list: 'nome; filtros especieId (da espécie ou de todas) e ativo',
        delete: 'recusado enquanto protocolos ou doses planejadas/aplicadas a usam',
      },
    }),
    { prefix: '/vacinas' },
  );
};
