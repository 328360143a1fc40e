/**
 * The calendar feed's and the board's answers kept per agenda version (issue #17 "Performance").
 *
 * The board polls every 5 s and the calendar re-reads its week on every move; the answers only
 * change when an appointment, its services or its linked sale change, and migration 0019 keeps
 * a version per unit (`agenda_versoes`, bumped by triggers on exactly those writes; a unit
 * without a row has version 1). So each answer is kept in an in-process LRU keyed by tenant,
 * unit, route and canonical query (the answers do not depend on the user: only on the unit and
 * the query; permissions and validation run before, in the route's hooks, so a 400/403 is
 * never served from here), with the version it was computed at. A request reads the unit's
 * version (one prepared select outside a transaction, which also gives the unit's today) and:
 * - the entry has that version and is younger than {@link AGENDA_CACHE_TTL_MS} (pets' and
 *   owners' own edits, boxes and rooms are not versioned: a 30 s ceiling) → its body as it was;
 * - otherwise the answer is computed, stored and sent; requests arriving at the same version
 *   while it is being computed wait for that one computation instead of repeating it.
 * Every answer carries `ETag: W/"<unit>-<version>-<hash of key and body>"` and
 * `Cache-Control: private, no-cache`; a request whose If-None-Match holds it gets 304 with no
 * body (the browser's XMLHttpRequest sends it and turns the 304 into the cached 200 by itself).
 * Several app instances on one database stay right: the version lives in the database.
 *
 * On embedded PGlite this process is the database's only writer (db/pglite-writes.ts counts
 * every write that ends in it, of any table), so:
 * - the version read is kept per unit while the write count is the one it was issued at, and
 *   until the unit's day ends (`versaoGuardada`): a cached answer then costs no statement at all
 *   (PGlite runs statements in this very thread: the version's select was about 0.9 ms of the
 *   1 ms a cached answer cost). Any write makes the next request read the version again;
 * - an entry older than the TTL is still exact while nothing at all was written since its
 *   version was read (`exata`): no 30 s recomputation of an idle agenda (a week is 30–300 ms of
 *   PGlite, blocking this thread).
 * On PostgreSQL (other instances write too) every request reads the version and the TTL holds.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { todayISO } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { pgliteWriteCount } from '../../db/pglite-writes.ts';
import { executeText } from '../../db/prepared-select.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';

/**
 * How long an entry may be served at an unchanged version (ms): edits outside the version
 * (on PGlite only when something was written since, see `exata`).
 */
export const AGENDA_CACHE_TTL_MS = 30_000;
/** At most this many entries… */
export const AGENDA_CACHE_MAX_ENTRADAS = 500;
/** …and this many bytes of bodies. */
export const AGENDA_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** `body`: the answer's UTF-8 bytes, encoded once (a week of events is a few hundred kB). */
type Entrada = { versao: string; body: Buffer; etag: string; storedAt: number; escritas: number | null };

/** What the compute and the key may use: the unit's today ('yyyy-MM-dd', its time zone). */
export type ContextoAgendaCache = { hoje: string };

/** Insertion order of a Map is the LRU order: a hit is moved to the end, eviction takes the first. */
const entradas = new Map<string, Entrada>();
let bytes = 0;
/** Computations in progress by `key@version`. */
const pendentes = new Map<string, Promise<Entrada>>();

/** Hits and misses since start (tests and the bench read them). */
export const agendaCacheStats = { hits: 0, misses: 0 };

/** Empties the cache and its counters (tests). */
export const limparAgendaCache = (): void => {
  entradas.clear();
  pendentes.clear();
  bytes = 0;
  agendaCacheStats.hits = 0;
  agendaCacheStats.misses = 0;
  versaoAgendaStats.guardadas = 0;
  versaoAgendaStats.lidas = 0;
  geracao++;
};

const remover = (chave: string) => {
  const antiga = entradas.get(chave);
  if (!antiga) return;
  bytes -= antiga.body.length;
  entradas.delete(chave);
};

const guardar = (chave: string, entrada: Entrada) => {
  remover(chave);
  entradas.set(chave, entrada);
  bytes += entrada.body.length;
  for (const primeira of entradas.keys()) {
    if (entradas.size <= AGENDA_CACHE_MAX_ENTRADAS && bytes <= AGENDA_CACHE_MAX_BYTES) break;
    remover(primeira);
  }
};

/**
 * The unit's agenda version (text: bigint), today in its time zone ('yyyy-MM-dd', as
 * getUnidadeAtual's `hoje`; computed here, Intl per request costs more) and when that day ends
 * (`fim`: ms since the epoch, text), in one prepared round trip.
 */
const VERSAO_SQL = `select coalesce((select versao from agenda_versoes where unidade_negocio_id = $1), 1)::text as versao,
  u.hoje, u.fim
  from (select null) x left join (
    select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as hoje,
           (extract(epoch from (date_trunc('day', now() at time zone time_zone) + interval '1 day') at time zone time_zone) * 1000)::bigint::text as fim
      from unidades_negocio where id = $1) u on true`;

/**
 * `fim`: when `hoje` stops being the unit's today (ms since the epoch; 0 when unknown);
 * `escritas`: PGlite's write count when the read was issued (null on PostgreSQL).
 */
type Leitura = { versao: string; hoje: string | null; fim: number; escritas: number | null };
type LinhaVersao = { versao?: string; hoje?: string | null; fim?: string | null };
/**
 * Per unit: the version read in flight, PGlite's write count when it was issued (null on
 * PostgreSQL) and the read queued behind it (see `lerVersao`).
 */
type Lote = { atual: Promise<Leitura> | null; escritasAtual: number | null; seguinte: Promise<Leitura> | null };
/** By database (apps in one process may have different ones), then unit. */
const lotesPorBanco = new WeakMap<Db, Map<string, Lote>>();

/** PGlite only: a read kept with the database's write count when it was issued. */
type Guardada = { leitura: Leitura & { escritas: number }; geracao: number };
/** Bumped by `limparAgendaCache`: reads kept before are dropped (a WeakMap cannot be emptied). */
let geracao = 0;
/** By database, then unit (see the file's comment). */
const guardadasPorBanco = new WeakMap<Db, Map<string, Guardada>>();

/** Reads kept (PGlite) and reads issued since start (tests and the bench read them). */
export const versaoAgendaStats = { guardadas: 0, lidas: 0 };

/**
 * The driver's own client under Drizzle (`$client`: node-postgres' pool or PGlite), both with
 * `query(text, values) → { rows }`. The version's read goes to it directly: Drizzle's session
 * (its per-call type parsers and row mapping) costs more than the select itself on PGlite.
 */
type ClienteBruto = { query: (texto: string, valores: unknown[]) => Promise<{ rows: LinhaVersao[] }> };
const clienteDe = (db: Db): ClienteBruto | null => {
  const cliente = (db as unknown as { $client?: Partial<ClienteBruto> }).$client;
  return typeof cliente?.query === 'function' ? (cliente as ClienteBruto) : null;
};

const emitir = (lotes: Map<string, Lote>, lote: Lote, unidadeId: string, db: Db): Promise<Leitura> => {
  // The write count before the select is issued: a write ending after this makes the kept read stale.
  const escritas = pgliteWriteCount(db);
  lote.escritasAtual = escritas;
  versaoAgendaStats.lidas++;
  const cliente = clienteDe(db);
  const linhas = cliente
    ? cliente.query(VERSAO_SQL, [unidadeId]).then((r) => r.rows)
    : executeText<LinhaVersao>(db, VERSAO_SQL, [unidadeId]);
  const leitura = linhas.then(([linha]): Leitura => {
    const versao = String(linha?.versao ?? '1');
    const lida = { versao, hoje: linha?.hoje ?? null, fim: Number(linha?.fim ?? 0), escritas };
    if (escritas !== null) guardarLeitura(db, unidadeId, { leitura: { ...lida, escritas }, geracao });
    return lida;
  });
  const fim = () => {
    if (lote.atual === leitura) lote.atual = null;
    if (!lote.atual && !lote.seguinte) lotes.delete(unidadeId);
  };
  leitura.then(fim, fim);
  return leitura;
};

/** Keeps `nova` unless a read issued later (a higher write count) was kept already. */
const guardarLeitura = (db: Db, unidadeId: string, nova: Guardada) => {
  let guardadas = guardadasPorBanco.get(db);
  if (!guardadas) {
    guardadas = new Map();
    guardadasPorBanco.set(db, guardadas);
  }
  const atual = guardadas.get(unidadeId);
  if (!atual || atual.geracao !== nova.geracao || atual.leitura.escritas <= nova.leitura.escritas) guardadas.set(unidadeId, nova);
};

/** PGlite: the unit's kept read while nothing was written since it was issued and its day lasts. */
const versaoGuardada = (unidadeId: string, db: Db): Leitura | null => {
  const escritas = pgliteWriteCount(db);
  if (escritas === null) return null;
  const guardada = guardadasPorBanco.get(db)?.get(unidadeId);
  if (!guardada || guardada.geracao !== geracao || guardada.leitura.escritas !== escritas || Date.now() >= guardada.leitura.fim)
    return null;
  versaoAgendaStats.guardadas++;
  return guardada.leitura;
};

/**
 * The unit's version and today, shared by the requests of a moment: a request joins a read
 * only if that read is issued after the request arrived (so it sees every write committed
 * before the request): with none in flight it issues one; with one in flight (issued before
 * it came) it joins the next, issued when that one ends, together with everyone arriving
 * meanwhile. Twenty clients polling cost two reads per round instead of twenty. On PGlite a
 * request also joins the read in flight when no write has ended since it was issued (the write
 * count is the same): that read sees everything the request must.
 */
const lerVersao = (unidadeId: string, db: Db): Promise<Leitura> => {
  let lotes = lotesPorBanco.get(db);
  if (!lotes) {
    lotes = new Map();
    lotesPorBanco.set(db, lotes);
  }
  const doBanco = lotes;
  let lote = lotes.get(unidadeId);
  if (!lote) {
    lote = { atual: null, escritasAtual: null, seguinte: null };
    lotes.set(unidadeId, lote);
  }
  if (!lote.atual) return (lote.atual = emitir(doBanco, lote, unidadeId, db));
  const escritas = pgliteWriteCount(db);
  if (escritas !== null && lote.escritasAtual === escritas) return lote.atual;
  const esse = lote;
  const emVoo = esse.atual!;
  esse.seguinte ??= emVoo
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      esse.seguinte = null;
      return (esse.atual = emitir(doBanco, esse, unidadeId, db));
    });
  return esse.seguinte;
};

/**
 * A query object as a canonical string: keys sorted, undefined/null/empty lists left out, lists
 * in their order. Two URLs asking the same thing in another parameter order share an entry.
 */
export const canonicalQuery = (query: Record<string, unknown>): string =>
  Object.keys(query)
    .sort()
    .filter((k) => {
      const v = query[k];
      return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
    })
    .map((k) => `${k}=${JSON.stringify(query[k])}`)
    .join('&');

/** Whether If-None-Match (a list, `*`, weak or strong tags) holds `etag` (weak comparison). */
const coincide = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false;
  const opaca = (t: string) => t.trim().replace(/^W\//, '');
  const alvo = opaca(etag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaca(t) === alvo);
};

/**
 * PGlite: whether `entrada` is exactly what a computation now would answer although older than
 * the TTL: nothing at all was written in the database (this process is its only writer) since
 * the version read it was computed after was issued, so pets', owners', boxes' and rooms' own
 * edits (not versioned) cannot have happened either.
 */
const exata = (entrada: Entrada, leitura: Leitura): boolean => entrada.escritas !== null && entrada.escritas === leitura.escritas;

/**
 * Answers a GET of the agenda from the cache or by `compute` (see the file's comment).
 * `chave`: the route and canonical query (`canonicalQuery`); a function when it depends on
 * the unit's today (the board's default day). `compute(tx, { hoje })` answers the body as JSON
 * text, in the request's scoped transaction. Needs a signed-in user with a selected unit
 * (the routes' `permission` guarantees both; 401/400 otherwise). Errors of `compute` propagate
 * and are never stored.
 */
export const answerFromAgendaCache = async (
  request: FastifyRequest,
  reply: FastifyReply,
  chave: string | ((contexto: ContextoAgendaCache) => string),
  compute: (tx: Db, contexto: ContextoAgendaCache) => Promise<string>,
): Promise<FastifyReply> => {
  if (!request.auth) throw unauthorized();
  const unidadeId = request.unidadeNegocioId;
  if (!unidadeId) throw badRequest('Selecione uma unidade de negócio');
  const tenantId = request.auth.tenantId;

  // The version is read outside a transaction, as the table's owner, by the unit the auth hook
  // has already checked against the user's units: one statement instead of BEGIN, scope,
  // select and COMMIT (on PGlite each costs about as much as the select). The answer itself is
  // computed in the request's scoped transaction (row-level security), begun after this read,
  // so it holds at least everything this version counts. Reads are shared (`lerVersao`).
  // On PGlite, while nothing was written since, the version read before (no statement at all).
  const leitura = versaoGuardada(unidadeId, request.server.db) ?? (await lerVersao(unidadeId, request.server.db));
  const { versao, hoje } = leitura;
  const contexto: ContextoAgendaCache = { hoje: hoje ?? todayISO() };
  const completa = `${tenantId}|${unidadeId}|${typeof chave === 'function' ? chave(contexto) : chave}`;
  let entrada = entradas.get(completa);
  if (entrada && entrada.versao === versao && (Date.now() - entrada.storedAt < AGENDA_CACHE_TTL_MS || exata(entrada, leitura))) {
    agendaCacheStats.hits++;
    entradas.delete(completa);
    entradas.set(completa, entrada);
  } else {
    const pendenteChave = `${completa}@${versao}`;
    const pendente = pendentes.get(pendenteChave);
    if (pendente) {
      // Another request is computing this very answer: wait for it.
      agendaCacheStats.hits++;
      entrada = await pendente;
    } else {
      agendaCacheStats.misses++;
      const calculo = (async () => {
        const body = Buffer.from(await request.scoped((tx) => compute(tx, contexto)), 'utf8');
        const hash = createHash('sha1').update(completa).update('\0').update(body).digest('base64url').slice(0, 16);
        const nova: Entrada = {
          versao,
          body,
          etag: `W/"${unidadeId}-${versao}-${hash}"`,
          storedAt: Date.now(),
          escritas: leitura.escritas,
        };
        // A newer version may have been stored meanwhile by a later request: keep the newest.
        const atual = entradas.get(completa);
        if (!atual || BigInt(atual.versao) <= BigInt(versao)) guardar(completa, nova);
        return nova;
      })();
      pendentes.set(pendenteChave, calculo);
      try {
        entrada = await calculo;
      } finally {
        pendentes.delete(pendenteChave);
      }
    }
  }

  reply.header('etag', entrada.etag).header('cache-control', 'private, no-cache');
  if (coincide(request.headers['if-none-match'], entrada.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entrada.body);
};
