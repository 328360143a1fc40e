/**
 * buildApp(config, database): the Fastify application with every plugin and module, not
 * listening. Plugins load in a fixed order: external, then ours (errors → xsrf → auth →
 * idempotency → docs), then the modules' routes, then the web app with its SPA fallback.
 */
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { agendaRoutes } from './modules/agenda/routes.ts';
import { indicadoresRoutes } from './modules/indicadores/routes.ts';
import { relatoriosRoutes } from './modules/relatorios/routes.ts';
import { clinicaRoutes } from './modules/clinica/routes.ts';
import { fiscalRoutes } from './modules/fiscal/routes.ts';
import type { SefazClient } from './modules/fiscal/sefaz/sefaz.ts';
import { createSefazClient } from './modules/fiscal/sefaz/sefaz-client.ts';
import { animalRoutes } from './modules/animal/routes.ts';
import { arquivosRoutes } from './modules/arquivos/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { caixasRoutes } from './modules/comercial/caixas/caixas-routes.ts';
import { devolucoesRoutes } from './modules/comercial/devolucoes/devolucoes-routes.ts';
import { estoqueRoutes } from './modules/estoque/estoque-routes.ts';
import { comprasRoutes } from './modules/compras/compras-routes.ts';
import { movimentacoesCaixaRoutes } from './modules/comercial/caixas/movimentacoes-caixa-routes.ts';
import { pdvRoutes } from './modules/comercial/pdv/pdv-routes.ts';
import { vendasRoutes } from './modules/comercial/vendas/vendas-routes.ts';
import { financeiroRoutes } from './modules/financeiro/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importacoesRoutes } from './modules/importacoes/routes.ts';
import { inventarioRoutes } from './modules/inventario/routes.ts';
import { managerRoutes } from './modules/manager/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { pessoalRoutes } from './modules/pessoal/routes.ts';
import { thirdRoutes } from './modules/third/routes.ts';
import { unidadesNegocioRoutes } from './modules/unidades-negocio/routes.ts';
import { usuariosRoutes } from './modules/usuarios/routes.ts';
import { auditoriaRoutes } from './modules/auditoria/routes.ts';
import { lgpdRoutes } from './modules/pessoal/lgpd-routes.ts';
import { criarGatewayWhatsapp } from './modules/whatsapp/gateway/criar-gateway.ts';
import type { WhatsappGateway } from './modules/whatsapp/gateway/whatsapp-gateway.ts';
import { whatsappGeralRoutes } from './modules/whatsapp/geral-routes.ts';
import { whatsappRoutes } from './modules/whatsapp/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { criarStorePostgres } from './plugins/rate-limit-store.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { webPlugin } from './plugins/web.ts';
import { MULTIPART_LIMITS } from './lib/request-body.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';

/**
 * What a test may replace: `sefaz`, the SEFAZ client (default: the HTTPS client built from the
 * config); `whatsapp`, the WhatsApp gateway (default: the one WHATSAPP_GATEWAY names).
 */
export type BuildAppOptions = { sefaz?: SefazClient; whatsapp?: WhatsappGateway };

export const buildApp = async (config: Config, database: Database, options: BuildAppOptions = {}) => {
  const logger: FastifyServerOptions['logger'] =
    config.logLevel === 'silent'
      ? false
      : {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.senha', 'req.body.novaSenha'],
          ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
        };

  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    // Only a trusted proxy may set the client's address and protocol (TRUST_PROXY, docs/security.md).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('appConfig', config);
  // SEFAZ (issue #18): the HTTPS client of the config (SEFAZ_URL, SEFAZ_TIMEOUT_MS, SEFAZ_CA_FILE), or the caller's.
  if (options.sefaz) app.decorate('sefaz', options.sefaz);
  else {
    const sefaz = createSefazClient({ baseUrl: config.sefazUrl, timeoutMs: config.sefazTimeoutMs, ca: config.sefazCa });
    app.decorate('sefaz', sefaz);
    app.addHook('onClose', async () => sefaz.close());
  }
  // WhatsApp (issue #21): the gateway of WHATSAPP_GATEWAY, or the caller's.
  app.decorate('whatsapp', options.whatsapp ?? criarGatewayWhatsapp(config.whatsapp));

  // External plugins.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The till prints the receipt PDF (a blob URL) from a hidden frame.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS is set below, only on requests that came over TLS.
    hsts: false,
  });
  // HSTS (180 days) only over TLS: HTTPS here, or `x-forwarded-proto: https` from a trusted proxy (TRUST_PROXY).
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
  });
  // 5 MB a file, 4 files, 20 fields of 1 MB (lib/request-body.ts, docs/security.md).
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  // On PostgreSQL the login's counters are shared by every API instance (issue #22 item 3).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(database.driver === 'postgres' ? { store: criarStorePostgres(database.db, app.log) } : {}),
  });

  // Our plugins.
  await app.register(errorsPlugin);
  await app.register(xsrfPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  await app.register(swaggerPlugin);

  // Modules.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(arquivosRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(onboardingRoutes, { prefix: '/api/auth' });
  await app.register(usuariosRoutes, { prefix: '/api/auth/usuarios' });
  await app.register(unidadesNegocioRoutes, { prefix: '/api/geral' });
  await app.register(managerRoutes, { prefix: '/api/manager' });
  await app.register(inventarioRoutes, { prefix: '/api/inventario' });
  await app.register(pessoalRoutes, { prefix: '/api/pessoal' });
  await app.register(lgpdRoutes, { prefix: '/api/pessoal/pessoas' });
  await app.register(animalRoutes, { prefix: '/api/animal' });
  await app.register(agendaRoutes, { prefix: '/api/agenda' });
  await app.register(fiscalRoutes, { prefix: '/api/fiscal' });
  await app.register(clinicaRoutes, { prefix: '/api/clinica' });
  // The spec spells the clinic both ways (ARCHITECTURE.md): the same routes, hidden from the docs.
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      await scope.register(clinicaRoutes);
    },
    { prefix: '/api/clinicas' },
  );
  await app.register(thirdRoutes, { prefix: '/api/third' });
  await app.register(importacoesRoutes, { prefix: '/api/importacoes' });
  await app.register(financeiroRoutes, { prefix: '/api/financeiro' });
  await app.register(caixasRoutes, { prefix: '/api/comercial/caixas' });
  await app.register(movimentacoesCaixaRoutes, { prefix: '/api/comercial/movimentacoes-caixa' });
  await app.register(vendasRoutes, { prefix: '/api/comercial' });
  await app.register(pdvRoutes, { prefix: '/api/comercial/pdv' });
  await app.register(devolucoesRoutes, { prefix: '/api/comercial/devolucoes' });
  await app.register(estoqueRoutes, { prefix: '/api' });
  await app.register(comprasRoutes, { prefix: '/api' });
  await app.register(relatoriosRoutes, { prefix: '/api/relatorios' });
  await app.register(indicadoresRoutes, { prefix: '/api/indicadores' });
  await app.register(whatsappRoutes, { prefix: '/api/whatsapp' });
  await app.register(whatsappGeralRoutes, { prefix: '/api/geral' });
  await app.register(auditoriaRoutes, { prefix: '/api/auditoria' });

  await app.register(webPlugin);
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
