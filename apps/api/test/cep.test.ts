import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEP_MESSAGES, type CepResult } from '@petshop/shared/cep';
import { cepCache } from '../src/db/schema/index.ts';
import { FAKE_CEP_ERRO, FAKE_CEP_LENTO, FAKE_CEP_QUEDA, startFakeViaCep } from './fakes/viacep.ts';
import { newTenant, useTestApp } from './helper.ts';

const fake = await startFakeViaCep();
const ctx = useTestApp({ cepProviderUrl: fake.url });
afterAll(() => fake.close());

const DESCONHECIDO = '69999123';
const EXPIRADO = FAKE_CEP_QUEDA;

beforeAll(async () => {
  // The cache is global and outlives a run on PostgreSQL: start these CEPs from scratch.
  await ctx.database.db
    .delete(cepCache)
    .where(inArray(cepCache.cep, ['01310100', '30130010', DESCONHECIDO, EXPIRADO, FAKE_CEP_LENTO, FAKE_CEP_ERRO]));
});

const buscar = (cep: string, headers: Record<string, string> = {}) => ctx.app.inject({ url: `/api/third/cep/${cep}`, headers });

describe('GET /api/third/cep/{cep}', () => {
  it('answers the address from the provider, with or without a session (onboarding uses it)', async () => {
    const res = await buscar('01310-100');
    expect(res.statusCode).toBe(200);
    expect(res.json<CepResult>()).toEqual({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      complemento: 'de 612 a 1510 - lado par',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      codigoIbge: '3550308',
    });
    const t = await newTenant(ctx);
    const signedIn = await buscar('30130010', t.headers);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ cidade: 'Belo Horizonte', uf: 'MG', codigoIbge: '3106200' });
  });

  it('reads the cache first: a second lookup does not call the provider', async () => {
    await buscar('01310100');
    const before = fake.requests.filter((c) => c === '01310100').length;
    const res = await buscar('01310100');
    expect(res.statusCode).toBe(200);
    expect(res.json().logradouro).toBe('Avenida Paulista');
    expect(fake.requests.filter((c) => c === '01310100').length).toBe(before);
  });

  it('answers 404 for an unknown CEP, and caches that too', async () => {
    const first = await buscar(DESCONHECIDO);
    expect(first.statusCode).toBe(404);
    expect(first.json()).toEqual({ errors: { generalErrors: [CEP_MESSAGES.naoEncontrado] } });
    const second = await buscar(DESCONHECIDO);
    expect(second.statusCode).toBe(404);
    expect(fake.requests.filter((c) => c === DESCONHECIDO)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(cepCache)
      .where(inArray(cepCache.cep, [DESCONHECIDO]));
    expect(row?.encontrado).toBe(false);
  });

  it('answers 400 on `cep` for a malformed CEP, without calling the provider', async () => {
    const calls = fake.requests.length;
    for (const cep of ['123', 'abcdefgh', '0131010012']) {
      const res = await buscar(cep);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { cep: ['CEP inválido'] } });
    }
    expect(fake.requests.length).toBe(calls);
  });

  it('answers 503 with a clear message when the provider drops the connection', async () => {
    const res = await buscar(FAKE_CEP_QUEDA);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: { generalErrors: [CEP_MESSAGES.indisponivel] } });
  });

  it('answers 503 (not a 500) when the provider answers an error, and caches nothing', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await buscar(FAKE_CEP_ERRO);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ errors: { generalErrors: [CEP_MESSAGES.indisponivel] } });
    }
    expect(fake.requests.filter((cep) => cep === FAKE_CEP_ERRO)).toHaveLength(2);
    const [row] = await ctx.database.db
      .select()
      .from(cepCache)
      .where(inArray(cepCache.cep, [FAKE_CEP_ERRO]));
    expect(row).toBeUndefined();
  });

  it('answers 503 when the provider does not answer within 5 s', async () => {
    const started = Date.now();
    const res = await buscar(FAKE_CEP_LENTO);
    expect(res.statusCode).toBe(503);
    expect(res.json().errors.generalErrors).toEqual([CEP_MESSAGES.indisponivel]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
  }, 15_000);

  it('falls back to an expired cached address while the provider is down; refreshes an expired entry otherwise', async () => {
    const antigo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    const expirado = {
      encontrado: true,
      logradouro: 'Rua Antiga',
      complemento: '',
      bairro: 'Centro',
      cidade: 'São Paulo',
      uf: 'SP',
      codigoIbge: '3550308',
      consultadoEm: antigo,
    };
    // The cache is global (one table for every tenant): upsert, whatever an earlier lookup left there.
    await ctx.database.db
      .insert(cepCache)
      .values({ cep: EXPIRADO, ...expirado })
      .onConflictDoUpdate({ target: cepCache.cep, set: expirado });
    const res = await buscar(EXPIRADO);
    expect(res.statusCode).toBe(200);
    expect(res.json().logradouro).toBe('Rua Antiga');

    await ctx.database.db
      .update(cepCache)
      .set({ consultadoEm: antigo, logradouro: 'Nome Velho' })
      .where(inArray(cepCache.cep, ['30130010']));
    const refreshed = await buscar('30130010');
    expect(refreshed.json().logradouro).toBe('Avenida Afonso Pena');
  });

  it('is rate-limited per client: 60 lookups a minute', async () => {
    let last = 200;
    for (let i = 0; i < 61 && last !== 429; i++) last = (await buscar('01310100')).statusCode;
    expect(last).toBe(429);
    const blocked = await buscar('01310100');
    expect(blocked.json().errors.generalErrors).toHaveLength(1);
  });
});
