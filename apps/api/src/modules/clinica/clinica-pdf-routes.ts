/**
 * The clinic's PDFs under the clinic's prefix (issue #19 items 4–6; both /api/clinica and
 * /api/clinicas), built by clinica-pdf.ts and rendered in the PDF worker thread:
 * - GET /registros/{id}/pdf — a record (consultation, exam, document, prescription…) as an A4
 *   PDF with the header and logo of the unit that wrote it, the vet's name and CRMV; a
 *   prescription de controle especial in two copies with the buyer/supplier blocks;
 * - GET /animais/ficha-animal/carteira-vacinacao?petId= — the pet's vaccination card.
 * Permission `clinica` or `clientes` (DOMAIN.md §1: the reception and the till read a pet's chart);
 * another tenant's record or pet is a 404. Content-Disposition inline with the file name, as the
 * DANFE's route does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fichaAnimalQuerySchema } from '@petshop/shared/clinica';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { respostaPdf } from '../comercial/impressao-pdf.ts';
import { imprimirCarteiraVacinacao, imprimirRegistro } from './clinica-pdf.ts';

export const clinicaPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clinica'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const leitura = { permission: [PERMISSOES.clinica, PERMISSOES.clientes] };

  app.get(
    '/registros/:id/pdf',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Registro da ficha em PDF (A4): consulta, exame, documento ou receita, com o cabeçalho e o logo da unidade',
        description:
          'Content-Type application/pdf, Content-Disposition inline; filename="<tipo-ou-titulo>-<pet>-<aaaa-mm-dd>.pdf". Receita de controle especial: duas vias (farmácia e paciente) com a identificação do comprador e do fornecedor (Portaria SVS/MS 344/98). 404 para registro de outro tenant.',
        params: idParamsSchema,
        response: { 200: respostaPdf('O registro em PDF (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const { nomeArquivo, pdf } = await imprimirRegistro(request.scoped.bind(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${nomeArquivo}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/animais/ficha-animal/carteira-vacinacao',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Carteira de vacinação do pet em PDF (A4): doses aplicadas e próximas doses, as atrasadas em vermelho',
        description:
          'Content-Type application/pdf, Content-Disposition inline; filename="carteira-vacinacao-<pet>.pdf". Doses aplicadas em qualquer unidade do tenant. 404 para pet de outro tenant.',
        querystring: fichaAnimalQuerySchema,
        response: { 200: respostaPdf('A carteira de vacinação em PDF (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const { nomeArquivo, pdf } = await imprimirCarteiraVacinacao(request.scoped.bind(request), request.query.petId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${nomeArquivo}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
