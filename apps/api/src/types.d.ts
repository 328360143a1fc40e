import type { Permissao } from '@petshop/shared/permissoes';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { AuthContext } from './plugins/auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (login, onboarding, health, files). */
    public?: boolean;
    /** Platform operators only (manager area). */
    operator?: boolean;
    /**
     * Permission the selected unit's profile must hold (a list: any one of them); implies a
     * valid x-unidade-negocio.
     */
    permission?: Permissao | readonly Permissao[];
    /** Body is multipart: documented in OpenAPI with this JSON part schema and these files. */
    multipart?: { dados: import('zod').ZodType; files: string[] };
  }
  interface FastifyInstance {
    db: Db;
    appConfig: Config;
    /** The SEFAZ web services client (issue #18; app.ts builds it from the config, tests may pass their own). */
    sefaz: import('./modules/fiscal/sefaz/sefaz.ts').SefazClient;
    /** The WhatsApp gateway (issue #21; app.ts builds it from WHATSAPP_GATEWAY, tests may pass their own). */
    whatsapp: import('./modules/whatsapp/gateway/whatsapp-gateway.ts').WhatsappGateway;
  }
  interface FastifyRequest {
    /** The signed-in user; null on public routes. */
    auth: AuthContext | null;
    /** The unit of x-unidade-negocio, checked against the user's units; null when absent. */
    unidadeNegocioId: string | null;
    /** Runs `fn` in one transaction scoped to the user's tenant and selected unit (RLS). */
    scoped<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
    /** The Idempotency-Key this request claimed (plugins/idempotency.ts), until its answer is stored. */
    idempotencyKey: string | null;
  }
}
