/**
 * The clinic under /api/clinica and /api/clinicas (issue #19; spec §7 "Clinic", DOMAIN.md §9;
 * ARCHITECTURE.md: both spellings answer every call, the second hidden from the docs). Each file
 * declares its full paths under the prefix:
 * - vacinas-routes.ts: /vacinas and /vacinas/protocolos (CRUD);
 * - planejamentos-routes.ts: /planejamentos (list, aplicar-protocolo, delete, remover-aplicacao-protocolo, doses-devidas);
 * - vacinas-aplicadas-routes.ts: POST /animais/ficha-animal/registrar-vacina;
 * - registros-routes.ts: /registros (CRUD, multipart) and /registros/historico-peso;
 * - ficha-animal-routes.ts: GET /ficha-animal;
 * - modelos-documento-routes.ts: /modelos-documento (CRUD) and /modelos-documento/processar;
 * - clinica-pdf-routes.ts: GET /registros/{id}/pdf and /animais/ficha-animal/carteira-vacinacao (PDFs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clinicaPdfRoutes } from './clinica-pdf-routes.ts';
import { fichaAnimalRoutes } from './ficha-animal-routes.ts';
import { modelosDocumentoRoutes } from './modelos-documento-routes.ts';
import { planejamentosRoutes } from './planejamentos-routes.ts';
import { registrosRoutes } from './registros-routes.ts';
import { vacinasAplicadasRoutes } from './vacinas-aplicadas-routes.ts';
import { vacinasRoutes } from './vacinas-routes.ts';

/** The clinic's routes under one prefix; `app.ts` registers them under both spellings. */
export const clinicaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(vacinasRoutes);
  await app.register(planejamentosRoutes);
  await app.register(vacinasAplicadasRoutes);
  await app.register(registrosRoutes);
  await app.register(fichaAnimalRoutes);
  await app.register(modelosDocumentoRoutes);
  await app.register(clinicaPdfRoutes);
};
