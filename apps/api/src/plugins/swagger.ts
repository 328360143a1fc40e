/**
 * OpenAPI document at /api/docs/json and Swagger UI at /api/docs, generated from the routes'
 * zod schemas. Multipart routes declare `config.multipart` and are documented with their
 * `dados` JSON part and file parts.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const swaggerPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Pet Shop Back Office API',
          description:
            'API do back office para pet shops e clínicas veterinárias. Autenticação: `Authorization: Bearer <token>`; unidade selecionada: `x-unidade-negocio`. Erros 400/404: `{ "errors": { "campo": ["mensagem"], "generalErrors": ["mensagem"] } }`.',
          version: '0.9.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearerAuth: [] }],
      },
      transform: (input) => {
        const result = jsonSchemaTransform(input);
        const multipart = input.route.config?.multipart;
        if (multipart) {
          const properties: Record<string, unknown> = {
            dados: {
              type: 'string',
              description: 'JSON do registro (também aceito como corpo application/json)',
              contentMediaType: 'application/json',
              contentSchema: z.toJSONSchema(multipart.dados, { io: 'input', unrepresentable: 'any' }),
            },
          };
          for (const file of multipart.files) properties[file] = { type: 'string', format: 'binary' };
          (result.schema as Record<string, unknown>).consumes = ['multipart/form-data', 'application/json'];
          (result.schema as Record<string, unknown>).body = { type: 'object', properties, required: ['dados'] };
        }
        if (input.route.config?.public) (result.schema as Record<string, unknown>).security = [];
        return result;
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
