/**
 * Authentication and access control, in one place for every route:
 * - bearer JWT (`sub` user, `tid` tenant, `tv` token version), renewed through the
 *   `x-new-authorization` response header once a quarter of its life has passed (spec §7);
 * - the user is re-read (at most every AUTH_CACHE_MS, see auth-cache.ts: writes to users,
 *   units and tenants clear that memory, and on PostgreSQL bump `auth_versao`, which every
 *   instance reads per request), so a deactivated user, tenant or a changed password
 *   (token version) ends the session;
 * - `x-unidade-negocio` must be one of the user's active units, else 403;
 * - route `config.permission` is checked against the profile of the selected unit
 *   (DOMAIN.md §1), `config.operator` against the platform-operator flag, else 403.
 */
import fastifyJwt from '@fastify/jwt';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HEADERS } from '@petshop/shared/auth';
import { perfilPode } from '@petshop/shared/permissoes';
import { tenants, unidadesNegocio, usuarioUnidades, usuarios } from '../db/schema/index.ts';
import { withTenant, type TenantScope } from '../db/tenant-scope.ts';
import { badRequest, forbidden, unauthorized } from '../lib/errors.ts';
import { pgliteWriteCount } from '../db/pglite-writes.ts';
import { cacheAuth, findCachedAuth, lerAuthVersao } from './auth-cache.ts';

export type AuthContext = {
  usuarioId: string;
  tenantId: string;
  nome: string;
  operadorPlataforma: boolean;
  tokenVersion: number;
  /** Active units of the user with the profile in each. */
  unidades: { unidadeNegocioId: string; perfilId: string }[];
};

type TokenPayload = { sub: string; tid: string; tv: number; iat: number; exp: number };

declare module '@fastify/jwt' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyJWT {
    payload: { tid: string; tv: number };
    user: TokenPayload;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Signs an access token for a user (`ttl` in seconds, config JWT_TTL_MINUTES). */
export const signAccessToken = (app: FastifyInstance, user: { id: string; tenantId: string; tokenVersion: number }): string =>
  app.jwt.sign({ tid: user.tenantId, tv: user.tokenVersion }, { sub: user.id, expiresIn: app.appConfig.jwtTtlSeconds });

/** Each server instance's prefix in the auth cache (tests run several apps in one process). */
let instancias = 0;

/**
 * Loads the user behind a token, or null when the user, tenant or version no longer match.
 * `compartilhado`: the database is PostgreSQL, maybe shared with other instances: the cache entry
 * is keyed by the current `auth_versao` too (auth-cache.ts), read first.
 */
const loadAuthContext = async (
  app: FastifyInstance,
  token: TokenPayload,
  instancia: number,
  compartilhado: boolean,
): Promise<AuthContext | null> => {
  if (!UUID.test(token.sub) || !UUID.test(token.tid)) return null;
  const versao = compartilhado ? await lerAuthVersao(app.db) : 0;
  const chave = `${instancia}:${versao}:${token.sub}:${token.tid}:${token.tv}`;
  const lembrado = findCachedAuth(chave);
  if (lembrado) return lembrado;
  // One query (every authenticated request runs it): the user, the tenant's flag and the
  // user's active units with their profiles.
  const [user] = await app.db
    .select({
      id: usuarios.id,
      tenantId: usuarios.tenantId,
      nome: usuarios.nome,
      ativo: usuarios.ativo,
      operadorPlataforma: usuarios.operadorPlataforma,
      tokenVersion: usuarios.tokenVersion,
      tenantAtivo: tenants.ativo,
      unidades: sql<{ unidadeNegocioId: string; perfilId: string }[]>`coalesce((
        select json_agg(json_build_object('unidadeNegocioId', uu.unidade_negocio_id, 'perfilId', uu.perfil_id))
          from ${usuarioUnidades} uu join ${unidadesNegocio} un on un.id = uu.unidade_negocio_id
         where uu.usuario_id = ${usuarios.id} and un.ativo), '[]'::json)`,
    })
    .from(usuarios)
    .innerJoin(tenants, eq(tenants.id, usuarios.tenantId))
    .where(and(eq(usuarios.id, token.sub), eq(usuarios.tenantId, token.tid)));
  if (!user || !user.ativo || !user.tenantAtivo || user.tokenVersion !== token.tv) return null;
  const auth: AuthContext = {
    usuarioId: user.id,
    tenantId: user.tenantId,
    nome: user.nome,
    operadorPlataforma: user.operadorPlataforma,
    tokenVersion: user.tokenVersion,
    unidades: user.unidades,
  };
  cacheAuth(chave, auth);
  return auth;
};

/**
 * The tenant scope of a signed-in request: tenant, selected unit, and the user and address the
 * audit log records (schema/auditoria.ts). 401 without a session.
 */
export const tenantScopeOf = (request: FastifyRequest): TenantScope => {
  if (!request.auth) throw unauthorized();
  return {
    tenantId: request.auth.tenantId,
    unidadeNegocioId: request.unidadeNegocioId,
    usuarioId: request.auth.usuarioId,
    ip: request.ip,
  };
};

const isApiRoute = (request: FastifyRequest) => {
  const url = request.routeOptions.url;
  return Boolean(url && url.startsWith('/api/') && !url.startsWith('/api/docs'));
};

export const authPlugin = fp(
  async (app) => {
    // cache: a token already verified is not checked again (signature, JSON) until it expires;
    // every request of a session carries the same token. Revocation is the user re-read's job
    // (auth-cache.ts), as before.
    await app.register(fastifyJwt, { secret: app.appConfig.jwtSecret, verify: { cache: true } });
    const instancia = ++instancias;
    // PGlite is counted by pglite-writes.ts (one process); anything else is PostgreSQL.
    const compartilhado = pgliteWriteCount(app.db) === null;

    app.decorateRequest('auth', null);
    app.decorateRequest('unidadeNegocioId', null);
    app.decorateRequest('scoped', function scoped<T>(this: FastifyRequest, fn: (tx: import('../db/client.ts').Db) => Promise<T>) {
      if (!this.auth) throw unauthorized();
      return withTenant(app.db, tenantScopeOf(this), fn);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRoute(request) || request.routeOptions.config.public) return;

      let token: TokenPayload;
      try {
        token = await request.jwtVerify<TokenPayload>();
      } catch {
        throw unauthorized();
      }
      const auth = await loadAuthContext(app, token, instancia, compartilhado);
      if (!auth) throw unauthorized();
      request.auth = auth;

      // Renewal: a fresh token once a quarter of the lifetime has passed.
      const now = Math.floor(Date.now() / 1000);
      if (now - token.iat >= app.appConfig.jwtTtlSeconds / 4) {
        reply.header(
          HEADERS.newAuthorization,
          signAccessToken(app, { id: auth.usuarioId, tenantId: auth.tenantId, tokenVersion: auth.tokenVersion }),
        );
        // Readable by browser code on other origins too (a dev server, a future mobile web app).
        reply.header('access-control-expose-headers', HEADERS.newAuthorization);
      }

      const header = request.headers[HEADERS.unidadeNegocio];
      const unidadeId = Array.isArray(header) ? header[0] : header;
      if (unidadeId) {
        const membership = UUID.test(unidadeId) ? auth.unidades.find((u) => u.unidadeNegocioId === unidadeId) : undefined;
        if (!membership) throw forbidden('Você não tem acesso a esta unidade de negócio');
        request.unidadeNegocioId = unidadeId;
      }

      const { permission, operator } = request.routeOptions.config;
      if (operator && !auth.operadorPlataforma) throw forbidden('Acesso restrito aos operadores da plataforma');
      if (permission) {
        if (!request.unidadeNegocioId) throw badRequest(`Selecione uma unidade de negócio (cabeçalho ${HEADERS.unidadeNegocio})`);
        const perfilId = auth.unidades.find((u) => u.unidadeNegocioId === request.unidadeNegocioId)?.perfilId;
        const any = Array.isArray(permission) ? permission : [permission];
        if (!any.some((p) => perfilPode(perfilId, p))) throw forbidden();
      }
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
