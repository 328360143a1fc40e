/**
 * The agenda's per-version answer cache (issue #17 "Performance"; modules/agenda/agenda-cache.ts):
 * the board (GET /api/agenda/atendimentos) and the calendar feed (GET /api/agenda/eventos) answer
 * a repeated GET from memory, byte for byte, until an appointment write or a payment on its sale
 * bumps the unit's version; ETag/If-None-Match → 304; units and tenants never share an entry;
 * permissions are checked before; another app instance's writes (or any write straight in the
 * database) are seen at once.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Atendimento } from '@petshop/shared/agenda';
import { buildApp } from '../src/app.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { agendaCacheStats, limparAgendaCache } from '../src/modules/agenda/agenda-cache.ts';
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
