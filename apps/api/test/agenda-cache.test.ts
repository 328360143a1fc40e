/**
 * The agenda's per-version answer cache (issue #17 "Performance"; modules/agenda/agenda-cache.ts):
 * the board (GET /api/agenda/atendimentos) and the calendar feed (GET /api/agenda/eventos) answer
 * a repeated GET from memory, byte for byte, until an appointment write or a payment on its sale
 * bumps the unit's version; ETag/If-None-Match → 304; units and tenants never share an entry;
 * permissions are checked before; another app instance's writes (or any write straight in the
 * database) are seen at once.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Atendimento } from '@petshop/shared/agenda';
import { buildApp } from '../src/app.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { mayWrite, pgliteWriteCount } from '../src/db/pglite-writes.ts';
import {
  AGENDA_CACHE_TTL_MS,
  agendaCacheStats,
  limparAgendaCache,
  versaoAgendaStats,
} from '../src/modules/agenda/agenda-cache.ts';
import {
  agendarOk,
  banho,
  inserirCadastros,
  mudarAtividade,
  mudarStatus,
  novaAgenda,
  URL,
  type Agenda,
} from './agenda-atendimentos-fixtures.ts';
import { abrirCaixa, formasDoTenant, pagamento, pdvOk } from './fixtures/vendas.ts';
import { testConfig, useTestApp, usuarioComPerfil, novaUnidade } from './helper.ts';

const ctx = useTestApp();
type Headers = Record<string, string>;

beforeEach(() => limparAgendaCache());
afterEach(() => vi.restoreAllMocks());

const quadroUrl = (a: Agenda) => `${URL}?data=${a.dia}&area=BanhoTosa&pageSize=100`;
const eventosUrl = (a: Agenda) => `/api/agenda/eventos?dataInicio=${a.dia}&dataFim=${a.dia}`;

/** GET expecting 200: the response (body as text, etag). */
const getOk = async (headers: Headers, url: string) => {
  const res = await ctx.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).toMatch(/^W\/".+"$/);
  return res;
};
const itens = (body: string) => (JSON.parse(body) as { items: Atendimento[] }).items;
const eventosDe = (body: string) => (JSON.parse(body) as { eventos: { id: string; atividade: string | null }[] }).eventos;

/** Expects the next GET of `url` to be computed again (a miss) and answers it. */
const fresco = async (headers: Headers, url: string) => {
  const antes = agendaCacheStats.misses;
  const res = await getOk(headers, url);
  expect(agendaCacheStats.misses).toBe(antes + 1);
  return res;
};

describe('cache da agenda por versão', () => {
  it('a segunda leitura igual vem do cache, byte a byte; If-None-Match → 304; uma escrita → 200 com nova ETag', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    for (const url of [quadroUrl(a), eventosUrl(a)]) {
      const primeira = await fresco(a.t.headers, url);
      const hits = agendaCacheStats.hits;
      const segunda = await getOk(a.t.headers, url);
      expect(agendaCacheStats.hits).toBe(hits + 1);
      expect(segunda.body).toBe(primeira.body);
      expect(segunda.headers.etag).toBe(primeira.headers.etag);
      expect(segunda.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(segunda.headers['cache-control']).toBe('private, no-cache');

      const naoMudou = await ctx.app.inject({ url, headers: { ...a.t.headers, 'if-none-match': primeira.headers.etag! } });
      expect(naoMudou.statusCode).toBe(304);
      expect(naoMudou.body).toBe('');
      expect(naoMudou.headers.etag).toBe(primeira.headers.etag);
      // Another tag (or none) still gets the body.
      const outra = await ctx.app.inject({ url, headers: { ...a.t.headers, 'if-none-match': 'W/"outra"' } });
      expect(outra.statusCode).toBe(200);
      expect(outra.body).toBe(primeira.body);
    }
    const quadroAntes = await getOk(a.t.headers, quadroUrl(a));

    expect((await mudarAtividade(ctx, a.t.headers, id, 'Banho')).statusCode).toBe(200);
    const depois = await ctx.app.inject({
      url: quadroUrl(a),
      headers: { ...a.t.headers, 'if-none-match': quadroAntes.headers.etag! },
    });
    expect(depois.statusCode).toBe(200);
    expect(depois.headers.etag).not.toBe(quadroAntes.headers.etag);
    expect(itens(depois.body).find((x) => x.id === id)?.atividade).toBe('Banho');
    expect(eventosDe((await fresco(a.t.headers, eventosUrl(a))).body).find((e) => e.id === id)?.atividade).toBe('Banho');
  });

  it('leituras simultâneas: calculadas uma vez, e todas as que chegam depois de uma escrita a veem', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const url = quadroUrl(a);
    const rodada = () => Promise.all(Array.from({ length: 10 }, () => getOk(a.t.headers, url)));
    const primeira = await rodada();
    expect(agendaCacheStats.misses).toBe(1);
    expect(new Set(primeira.map((r) => r.body)).size).toBe(1);
    expect((await mudarAtividade(ctx, a.t.headers, id, 'Banho')).statusCode).toBe(200);
    const segunda = await rodada();
    expect(agendaCacheStats.misses).toBe(2);
    for (const r of segunda) expect(itens(r.body)[0]?.atividade).toBe('Banho');
  });

  it('o padrão do quadro é o hoje da unidade: sem data e com data=hoje são a mesma entrada', async () => {
    const a = await novaAgenda(ctx);
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const semData = await fresco(a.t.headers, `${URL}?area=BanhoTosa&pageSize=100`);
    const hits = agendaCacheStats.hits;
    const comData = await getOk(a.t.headers, `${URL}?pageSize=100&area=BanhoTosa&data=${hoje}`);
    expect(agendaCacheStats.hits).toBe(hits + 1);
    expect(comData.body).toBe(semData.body);
    // Another day is another entry.
    await fresco(a.t.headers, `${URL}?area=BanhoTosa&pageSize=100&data=${a.dia}`);
  });

  it('toda escrita de atendimento torna a próxima leitura fresca: POST, PUT status, PUT atividade, PUT, DELETE', async () => {
    const a = await novaAgenda(ctx);
    const url = quadroUrl(a);
    await fresco(a.t.headers, url);
    await getOk(a.t.headers, url);

    const id = await agendarOk(ctx, a.t.headers, banho(a, '09:00'));
    expect(itens((await fresco(a.t.headers, url)).body).map((x) => x.id)).toEqual([id]);

    expect((await mudarStatus(ctx, a.t.headers, id, 'Confirmado')).statusCode).toBe(200);
    expect(itens((await fresco(a.t.headers, url)).body)[0]?.status).toBe('Confirmado');

    expect((await mudarAtividade(ctx, a.t.headers, id, 'Secagem')).statusCode).toBe(200);
    expect(itens((await fresco(a.t.headers, url)).body)[0]?.atividade).toBe('Secagem');

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${id}`,
      headers: a.t.headers,
      payload: banho(a, '09:00', { boxId: a.box2 }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(itens((await fresco(a.t.headers, url)).body)[0]?.boxId).toBe(a.box2);

    const outro = await agendarOk(ctx, a.t.headers, banho(a, '14:00'));
    await fresco(a.t.headers, url);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${outro}`, headers: a.t.headers });
    expect(del.statusCode, del.body).toBe(200);
    expect(itens((await fresco(a.t.headers, url)).body).map((x) => x.id)).toEqual([id]);
  });

  it('um pagamento na venda do atendimento (PDV salvar-recebimento) torna a leitura fresca: statusFinanceiro', async () => {
    const a = await novaAgenda(ctx);
    const formas = await formasDoTenant(ctx, a.t);
    await abrirCaixa(ctx, a.t, 100);
    const id = await agendarOk(ctx, a.t.headers, banho(a, '10:00'));
    const check = await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento');
    expect(check.statusCode, check.body).toBe(200);
    const vendaId = check.json<Atendimento>().vendaId!;
    const url = quadroUrl(a);
    expect(itens((await fresco(a.t.headers, url)).body)[0]?.statusFinanceiro).toBe('EmAberto');
    await getOk(a.t.headers, url);

    await pdvOk(ctx, a.t.headers, 'salvar-recebimento', { vendaId, financeiro: pagamento(formas.pix, 20) });
    expect(itens((await fresco(a.t.headers, url)).body)[0]?.statusFinanceiro).toBe('BaixaParcial');
  });

  it('duas unidades e dois tenants nunca dividem uma entrada', async () => {
    const a = await novaAgenda(ctx);
    const b = await novaAgenda(ctx);
    const idA = await agendarOk(ctx, a.t.headers, banho(a));
    const filial = await novaUnidade(ctx, a.t);
    await inserirCadastros(ctx, a.t, filial.id);
    // Same URL (same day) for unit A, A's branch and tenant B.
    const url = `${URL}?data=${a.dia}&pageSize=100`;
    expect(itens((await fresco(a.t.headers, url)).body).map((x) => x.id)).toEqual([idA]);
    expect(itens((await fresco(filial.headers, url)).body)).toEqual([]);
    expect(itens((await fresco(b.t.headers, url)).body)).toEqual([]);
    const ev = `/api/agenda/eventos?dataInicio=${a.dia}&dataFim=${a.dia}`;
    expect(eventosDe((await fresco(a.t.headers, ev)).body).map((e) => e.id)).toEqual([idA]);
    expect(eventosDe((await fresco(filial.headers, ev)).body)).toEqual([]);
    expect(eventosDe((await fresco(b.t.headers, ev)).body)).toEqual([]);
    // A's entry, still cached, is A's alone; A's ETag means nothing to B.
    const deA = await getOk(a.t.headers, url);
    const deB = await ctx.app.inject({ url, headers: { ...b.t.headers, 'if-none-match': deA.headers.etag! } });
    expect(deB.statusCode).toBe(200);
    expect(itens(deB.body)).toEqual([]);
  });

  it('permissão e validação antes do cache: 403 e 400 mesmo com a entrada guardada', async () => {
    const a = await novaAgenda(ctx);
    const url = quadroUrl(a);
    const ev = eventosUrl(a);
    const guardado = await getOk(a.t.headers, url);
    await getOk(a.t.headers, ev);
    const financeiro = await usuarioComPerfil(ctx, a.t, 'financeiro');
    for (const u of [url, ev]) {
      const res = await ctx.app.inject({ url: u, headers: { ...financeiro.headers, 'if-none-match': guardado.headers.etag! } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(a.petId);
    }
    // The groomer reads the board (banhoTosa): the same bytes.
    expect((await getOk(a.banhista.headers, url)).body).toBe(guardado.body);
    const invalido = await ctx.app.inject({ url: `${URL}?data=ontem`, headers: a.t.headers });
    expect(invalido.statusCode).toBe(400);
  });

  it('outra instância do app no mesmo banco, e uma escrita direta no banco, são vistas na próxima leitura', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const url = quadroUrl(a);
    await fresco(a.t.headers, url);

    const outra = await buildApp(testConfig({ jwtSecret: ctx.config.jwtSecret }), ctx.database);
    try {
      await outra.ready();
      const res = await outra.inject({
        method: 'PUT',
        url: `${URL}/${id}/atividade`,
        headers: a.t.headers,
        payload: { atividade: 'Tosa' },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await outra.close();
    }
    expect(itens((await fresco(a.t.headers, url)).body)[0]?.atividade).toBe('Tosa');

    // A write by another process: straight in the database (the trigger bumps the version).
    await withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, (tx) =>
      tx.execute(sql`update atendimentos set atividade = 'Finalizado' where id = ${id}`),
    );
    expect(itens((await fresco(a.t.headers, url)).body)[0]?.atividade).toBe('Finalizado');
  });
});

/** The PGlite instance under the app (null on PostgreSQL). */
type Bruto = {
  query: (texto: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  transaction: <T>(fn: (tx: { query: Bruto['query'] }) => Promise<T>) => Promise<T>;
};
const pglite = (): Bruto | null =>
  ctx.database.driver === 'pglite' ? (ctx.database.db as unknown as { $client: Bruto }).$client : null;

/** Counts the version's selects reaching the database while `fn` runs (PGlite's client). */
const selectsDeVersao = async (fn: () => Promise<void>): Promise<number> => {
  const cliente = pglite()!;
  const query = cliente.query;
  let n = 0;
  cliente.query = (texto, params) => {
    if (texto.includes('agenda_versoes')) n++;
    return query(texto, params);
  };
  try {
    await fn();
  } finally {
    cliente.query = query;
  }
  return n;
};

describe('PGlite: a versão guardada em memória enquanto nada é escrito (um processo é o único escritor)', () => {
  it('classifica comandos: só leituras conhecidas não contam como escrita', () => {
    for (const leitura of [
      'select 1',
      '  SELECT * from atendimentos for update',
      '/* x */ -- y\n (select 1)',
      'with a as (select 1) select * from a',
      'set local role petshop_app',
      'show time zone',
      'begin',
      'savepoint sp1',
      'release savepoint sp1',
    ])
      expect(mayWrite(leitura), leitura).toBe(false);
    for (const escrita of [
      'insert into pets (nome) values ($1)',
      'UPDATE atendimentos set atividade = $1',
      'delete from atendimento_servicos',
      'with c as (insert into pacotes select 1 returning 1) select count(*) from c',
      'with x as (select 1) update vendas set status = $1',
      'commit',
      'rollback',
      'truncate atendimentos',
      'call f()',
      'do $$ begin end $$',
      'alter table pets add column x int',
      'merge into pets using x on true when matched then do nothing',
    ])
      expect(mayWrite(escrita), escrita).toBe(true);
  });

  it('respostas guardadas não custam nenhum comando; toda escrita (Drizzle, cliente cru, transação crua) faz ler a versão de novo', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const url = quadroUrl(a);
    await fresco(a.t.headers, url);
    const cliente = pglite();
    if (!cliente) {
      // PostgreSQL: other instances write too, so every request reads the version.
      expect(pgliteWriteCount(ctx.database.db)).toBeNull();
      const lidas = versaoAgendaStats.lidas;
      await getOk(a.t.headers, url);
      await getOk(a.t.headers, url);
      expect(versaoAgendaStats.lidas).toBe(lidas + 2);
      expect(versaoAgendaStats.guardadas).toBe(0);
      return;
    }
    // Warm: the version read after the last write is kept.
    await getOk(a.t.headers, url);
    const guardadas = versaoAgendaStats.guardadas;
    const lidas = versaoAgendaStats.lidas;
    expect(
      await selectsDeVersao(async () => {
        for (let i = 0; i < 5; i++) await getOk(a.t.headers, url);
      }),
    ).toBe(0);
    expect(versaoAgendaStats.guardadas).toBe(guardadas + 5);
    expect(versaoAgendaStats.lidas).toBe(lidas);

    // Through the API (Drizzle's transaction).
    expect((await mudarAtividade(ctx, a.t.headers, id, 'Banho')).statusCode).toBe(200);
    let res = await fresco(a.t.headers, url);
    expect(itens(res.body)[0]?.atividade).toBe('Banho');
    expect(versaoAgendaStats.lidas).toBe(lidas + 1);

    // A statement straight on PGlite's client, outside any transaction.
    await cliente.query(`update atendimentos set atividade = 'Secagem' where id = $1`, [id]);
    res = await fresco(a.t.headers, url);
    expect(itens(res.body)[0]?.atividade).toBe('Secagem');

    // A raw transaction of the client.
    await cliente.transaction((tx) => tx.query(`update atendimentos set atividade = 'Tosa' where id = $1`, [id]));
    res = await fresco(a.t.headers, url);
    expect(itens(res.body)[0]?.atividade).toBe('Tosa');

    // A read-only transaction (another screen's GET) keeps the version read.
    await withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, (tx) =>
      tx.execute(sql`select count(*) from atendimentos`),
    );
    const antes = versaoAgendaStats.lidas;
    expect(await selectsDeVersao(async () => void (await getOk(a.t.headers, url)))).toBe(0);
    expect(versaoAgendaStats.lidas).toBe(antes);

    // A write elsewhere (not versioned: a pet's name) also makes the next request read it again.
    await cliente.query(`update pets set nome = 'Rex II' where id = $1`, [a.petId]);
    expect(await selectsDeVersao(async () => void (await getOk(a.t.headers, url)))).toBe(1);
  });

  it('um lote de leituras simultâneas depois de uma escrita lê a versão uma vez e todas veem a escrita', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const url = quadroUrl(a);
    await fresco(a.t.headers, url);
    expect((await mudarAtividade(ctx, a.t.headers, id, 'Secagem')).statusCode).toBe(200);
    const lidas = versaoAgendaStats.lidas;
    const rodada = await Promise.all(Array.from({ length: 10 }, () => getOk(a.t.headers, url)));
    for (const r of rodada) expect(itens(r.body)[0]?.atividade).toBe('Secagem');
    // On PGlite one shared read (then kept). On PostgreSQL a request joins the read in flight or the
    // next; the session check's shared auth_versao read (plugins/auth-cache.ts) lets the batch in
    // two waves, so at most three — never one per request.
    expect(versaoAgendaStats.lidas - lidas).toBeLessThanOrEqual(pglite() ? 1 : 3);
  });

  it('o hoje da unidade guardado segue o fuso: mudar o fuso (uma escrita) muda o dia padrão do quadro', async () => {
    const a = await novaAgenda(ctx);
    const semData = `${URL}?area=BanhoTosa&pageSize=100`;
    const hojeEm = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    // UTC+14 and UTC−11: never the same day.
    for (const fuso of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await ctx.database.db.execute(sql`update unidades_negocio set time_zone = ${fuso} where id = ${a.t.unidadeNegocioId}`);
      const padrao = await fresco(a.t.headers, semData);
      const hits = agendaCacheStats.hits;
      // The default day is that zone's today: the same entry as asking for it.
      const comData = await getOk(a.t.headers, `${semData}&data=${hojeEm(fuso)}`);
      expect(agendaCacheStats.hits, fuso).toBe(hits + 1);
      expect(comData.body).toBe(padrao.body);
    }
  });

  it('o dia guardado acaba à meia-noite da unidade: depois dela a versão e o hoje são lidos de novo', async () => {
    const a = await novaAgenda(ctx);
    // A zone whose next midnight is 1–61 minutes away (whole-hour zones cover every hour).
    const agora = Date.now();
    const HORA = 3_600_000;
    const fusos = Array.from({ length: 27 }, (_, i) => i - 12).map((h) => {
      const local = agora + h * HORA;
      return { h, meiaNoite: Math.ceil(local / (24 * HORA)) * 24 * HORA - h * HORA };
    });
    const { h, meiaNoite } = fusos.find((f) => f.meiaNoite - agora > 60_000 && f.meiaNoite - agora <= 61 * 60_000)!;
    // POSIX names: Etc/GMT-3 is UTC+3.
    const fuso = h === 0 ? 'Etc/UTC' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`;
    await ctx.database.db.execute(sql`update unidades_negocio set time_zone = ${fuso} where id = ${a.t.unidadeNegocioId}`);
    const url = quadroUrl(a);
    await fresco(a.t.headers, url);
    await getOk(a.t.headers, url);
    const lidas = versaoAgendaStats.lidas;
    const relogio = vi.spyOn(Date, 'now').mockReturnValue(meiaNoite - 1_000);
    await getOk(a.t.headers, url);
    // PGlite: still that day, still kept. PostgreSQL: read every time.
    expect(versaoAgendaStats.lidas).toBe(pglite() ? lidas : lidas + 1);
    relogio.mockReturnValue(meiaNoite + 1_000);
    const antes = versaoAgendaStats.lidas;
    await getOk(a.t.headers, url);
    expect(versaoAgendaStats.lidas).toBe(antes + 1);
  });

  it('depois do TTL: no PGlite sem nenhuma escrita a entrada ainda vale; uma edição fora da versão (nome do pet) a recalcula', async () => {
    const a = await novaAgenda(ctx);
    await agendarOk(ctx, a.t.headers, banho(a));
    const url = quadroUrl(a);
    await fresco(a.t.headers, url);
    const agora = Date.now();
    const relogio = vi.spyOn(Date, 'now').mockReturnValue(agora + AGENDA_CACHE_TTL_MS + 1_000);
    if (pglite()) {
      const hits = agendaCacheStats.hits;
      await getOk(a.t.headers, url);
      expect(agendaCacheStats.hits).toBe(hits + 1);
    } else {
      await fresco(a.t.headers, url);
    }
    await ctx.database.db.execute(sql`update pets set nome = 'Rex Segundo' where id = ${a.petId}`);
    // PostgreSQL: the entry just computed lives its TTL (another instance may have written).
    if (!pglite()) relogio.mockReturnValue(agora + 2 * (AGENDA_CACHE_TTL_MS + 1_000));
    const res = await fresco(a.t.headers, url);
    expect(itens(res.body)[0]?.petNome).toBe('Rex Segundo');
  });
});
