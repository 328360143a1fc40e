/**
 * A `@fastify/rate-limit` store in PostgreSQL (issue #22 item 3): with several API instances
 * on one database, the login's limit (LOGIN_RATE_LIMIT a minute per IP + e-mail) counts the
 * attempts of all instances together, so a brute force spread over the instances is limited as
 * one. The other limited routes (password reset, CEP, onboarding: {@link ROTAS_COMPARTILHADAS}
 * does not list them) keep a per-process memory count, as before: each instance allows their
 * limit (a lower bound on abuse, not a security boundary like the login's). Same behaviour as the plugin's in-memory `LocalStore`: a key's window starts at
 * its first request and lasts the route's `timeWindow`; the request that finds it ended starts
 * a new one. The clock is the database's (instances' clocks may differ).
 *
 * One statement per counted request (an upsert on `limites_requisicao`); rows whose window
 * ended are deleted at most once a minute per process, in the background. Used only on
 * PostgreSQL: on embedded PGlite the server is the only process and the plugin's memory store
 * is kept (app.ts).
 *
 * Store interface (the plugin's README "Custom store"): `new Store(globalOptions)`,
 * `child(routeOptions)` per route, `incr(key, cb(err, { current, ttl }), timeWindow, max)`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

type Resultado = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Resultado) => void;
type RouteOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/** The routes whose counters live in PostgreSQL (the others count in memory). */
export const ROTAS_COMPARTILHADAS: ReadonlySet<string> = new Set(['POST /api/auth/login']);

/** Keys kept in memory per route at most (the plugin's default cache size). */
const MAX_EM_MEMORIA = 5_000;
/** How often the ended windows are deleted (ms). */
const LIMPEZA_MS = 60_000;

/** The row's key: the route (so two routes never share a counter) and the plugin's key. */
const chaveDaRota = (options: RouteOptions): string => {
  const info = options.routeInfo;
  const metodo = Array.isArray(info?.method) ? info.method.join(',') : (info?.method ?? '');
  return info?.url ? `${metodo} ${info.url}` : 'global';
};

/**
 * Counts one request of `chave` and answers the window's count and the ms left in it. Exported
 * for tests.
 */
export const contarRequisicao = async (db: Db, chave: string, janelaMs: number): Promise<Resultado> => {
  const janela = Math.max(1, Math.trunc(janelaMs));
  const rows = await queryRows<{ contagem: number; ttl: string }>(
    db,
    sql`
    with agora as (select (extract(epoch from statement_timestamp()) * 1000)::bigint as ms)
    insert into limites_requisicao as l (chave, inicio_ms, janela_ms, contagem)
    select ${chave}, agora.ms, ${janela}, 1 from agora
    on conflict (chave) do update set
      contagem = case when l.inicio_ms + l.janela_ms <= excluded.inicio_ms then 1 else l.contagem + 1 end,
      inicio_ms = case when l.inicio_ms + l.janela_ms <= excluded.inicio_ms then excluded.inicio_ms else l.inicio_ms end,
      janela_ms = excluded.janela_ms
    returning l.contagem, l.inicio_ms + l.janela_ms - (select ms from agora) as ttl`,
  );
  const row = rows[0]!;
  return { current: Number(row.contagem), ttl: Math.max(0, Number(row.ttl)) };
};

/** Deletes the rows whose window ended (any route). */
export const limparLimitesVencidos = async (db: Db): Promise<void> => {
  await db.execute(
    sql`delete from limites_requisicao where inicio_ms + janela_ms < (extract(epoch from statement_timestamp()) * 1000)::bigint`,
  );
};

/**
 * The store class for `fastifyRateLimit`'s `store` option, bound to `db` (the table owner's
 * handle). `log` receives the cleaning's failures (never thrown: the next one retries).
 */
export const criarStorePostgres = (db: Db, log: { warn: (obj: object, msg?: string) => void }) => {
  let ultimaLimpeza = 0;
  const limparAsVezes = () => {
    const agora = Date.now();
    if (agora - ultimaLimpeza < LIMPEZA_MS) return;
    ultimaLimpeza = agora;
    limparLimitesVencidos(db).catch((err: unknown) =>
      log.warn({ err }, 'Limite de requisições: falha ao limpar contadores vencidos'),
    );
  };

  return class StorePostgres {
    private readonly prefixo: string;
    /** The in-memory windows of a route not in ROTAS_COMPARTILHADAS (null: PostgreSQL). */
    private readonly memoria: Map<string, { inicio: number; contagem: number }> | null;

    // The plugin passes the route's merged options (`routeInfo` among them): typed loosely.
    constructor(options: object = {}) {
      this.prefixo = chaveDaRota(options as RouteOptions);
      this.memoria = ROTAS_COMPARTILHADAS.has(this.prefixo) ? null : new Map();
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      if (this.memoria) {
        cb(null, this.contarEmMemoria(this.memoria, key, timeWindow));
        return;
      }
      contarRequisicao(db, `${this.prefixo}|${key}`, timeWindow).then(
        (res) => cb(null, res),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
      limparAsVezes();
    }

    child(routeOptions: object): StorePostgres {
      return new StorePostgres(routeOptions);
    }

    /** The plugin's LocalStore rule, in this process's memory (ended windows dropped as met). */
    private contarEmMemoria(
      memoria: Map<string, { inicio: number; contagem: number }>,
      key: string,
      janelaMs: number,
    ): Resultado {
      const agora = Date.now();
      let janela = memoria.get(key);
      if (!janela || janela.inicio + janelaMs <= agora) {
        if (memoria.size >= MAX_EM_MEMORIA) memoria.delete(memoria.keys().next().value!);
        janela = { inicio: agora, contagem: 0 };
        memoria.delete(key);
        memoria.set(key, janela);
      }
      janela.contagem += 1;
      return { current: janela.contagem, ttl: janela.inicio + janelaMs - agora };
    }
  };
};
