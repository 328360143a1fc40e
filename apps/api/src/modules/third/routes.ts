/**
 * Third-party lookups under /api/third. GET /cep/{cep} (spec §7): the address of a CEP for
 * the address forms' autofill. Public, because onboarding (no account yet) uses it too, and
 * rate-limited per IP (60 a minute). 400 `cep` for a malformed CEP, 404 unknown, 503 the
 * service is down: the form keeps working and the user types the address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CEP_MESSAGES, cepResultSchema } from '@petshop/shared/cep';
import { apiErrorSchema } from '@petshop/shared/http';
import { cepSchema } from '@petshop/shared/validators';
import { fieldError } from '../../lib/errors.ts';
import { buscarCep } from './buscar-cep.ts';

export const thirdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cep/:cep',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['third'],
        summary: 'Consultar endereço pelo CEP',
        params: z.object({ cep: z.string() }),
        response: { 200: cepResultSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const parsed = cepSchema.safeParse(request.params.cep);
      if (!parsed.success) throw fieldError('cep', CEP_MESSAGES.invalido);
      return buscarCep(app.db, app.appConfig.cepProviderUrl, parsed.data, request.log);
    },
  );
};
