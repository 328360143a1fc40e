/**
 * /api/pessoal/pessoas/{id}/lgpd (issue #22 item 6; @petshop/shared/lgpd), permission
 * `dados-pessoais` (Administrador, Gerente; others 403):
 * - GET /exportar?formato=json|pdf — the customer's data in every unit of the tenant as an
 *   attachment `dados-pessoais-<nome>-<yyyy-MM-dd>.json|pdf` (lgpd-repository.ts, lgpd-pdf.ts);
 *   audited `DadosPessoaisExportados` (depois: { formato }) in a short transaction once the file
 *   is built. Another tenant's person → 404.
 * - POST /anonimizar — body anonimizarPessoaInputSchema (confirmacao 'ANONIMIZAR', motivo):
 *   erases name, documents and contacts, keeps sales (anonimizar-pessoa.ts); answers the
 *   anonymised pessoa. Wrong confirmation → 400 `errors.confirmacao`; already anonymised → 400.
 *   Afterwards the customer cannot be edited (salvar-pessoa.ts: 400).
 * - GET /anonimizacao (permission `clientes`, as the customer's screens) — { anonimizadoEm }: the
 *   instant of the anonymisation or null (the edit screen's notice). Another tenant's → 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayISO } from '@petshop/shared/format';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { anonimizacaoSchema, anonimizarPessoaInputSchema, exportarDadosPessoaisQuerySchema } from '@petshop/shared/lgpd';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { pessoaSchema } from '@petshop/shared/pessoa';
import { findUnidadeCupom, respostaPdf } from '../comercial/impressao-pdf.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';
import { anonimizarPessoa } from './anonimizar-pessoa.ts';
import { imprimirDadosPessoais } from './lgpd-pdf.ts';
import { findAnonimizacao, getDadosPessoais, getPessoaLgpd } from './lgpd-repository.ts';
import { findPessoa } from './pessoas-repository.ts';

/** 'Ana Lima' → 'ana-lima' (the file name's part: no accents, spaces or punctuation). */
const nomeDeArquivo = (nome: string): string =>
  nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'cliente';

export const lgpdRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoal', 'lgpd'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const permission = PERMISSOES.dadosPessoais;

  app.get(
    '/:id/lgpd/exportar',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Exportar os dados pessoais do cliente (LGPD): cadastro, consentimentos, pets, compras em todas as unidades, atendimentos e mensagens, em JSON ou PDF (anexo)',
        params: idParamsSchema,
        querystring: exportarDadosPessoaisQuerySchema,
        response: {
          200: respostaPdf('O arquivo: JSON (dadosPessoaisSchema de @petshop/shared/lgpd) ou PDF A4'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      const { dados, timeZone } = await request.scoped(async (tx) => {
        const dados = await getDadosPessoais(tx, request.params.id, request.auth?.nome ?? '');
        const unidade = await findUnidadeCupom(tx);
        return { dados, timeZone: unidade?.timeZone ?? 'America/Sao_Paulo' };
      });
      const arquivo =
        formato === 'pdf' ? await imprimirDadosPessoais(dados, timeZone) : Buffer.from(JSON.stringify(dados, null, 2), 'utf8');
      await request.scoped((tx) =>
        registrarAuditoria(tx, {
          acao: 'DadosPessoaisExportados',
          entidade: 'pessoa',
          entidadeId: request.params.id,
          descricao: `Dados pessoais de um cliente exportados a pedido do titular (LGPD), em ${formato.toUpperCase()}`,
          depois: { formato },
          unidadeNegocioId: null,
        }),
      );
      const nome = `dados-pessoais-${nomeDeArquivo(dados.pessoa.nome)}-${todayISO(timeZone)}.${formato}`;
      return reply
        .header('content-type', formato === 'pdf' ? 'application/pdf' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nome}"`)
        .header('cache-control', 'no-store')
        .send(arquivo);
    },
  );

  app.get(
    '/:id/lgpd/anonimizacao',
    {
      config: { permission: PERMISSOES.clientes },
      schema: {
        tags,
        summary: 'Quando o cliente foi anonimizado (LGPD), ou null',
        params: idParamsSchema,
        response: { 200: anonimizacaoSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await getPessoaLgpd(tx, request.params.id);
        const em = await findAnonimizacao(tx, request.params.id);
        return { anonimizadoEm: em ? new Date(em).toISOString() : null };
      }),
  );

  app.post(
    '/:id/lgpd/anonimizar',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Anonimizar o cliente (LGPD, irreversível): apaga nome, documentos e contatos; mantém vendas, documentos fiscais e prontuários dos pets',
        params: idParamsSchema,
        body: anonimizarPessoaInputSchema,
        response: { 200: pessoaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await anonimizarPessoa(tx, request.params.id, request.body);
        return (await findPessoa(tx, request.params.id))!;
      }),
  );
};
