/**
 * Issue #22 item 7: a bearer token the server did not sign (another key, `alg: none`), an expired
 * one, a malformed one or one of a user who no longer matches → 401 'Acesso não autorizado' on a
 * protected route, and nothing is read for it. The genuine token of the same user works.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
let t: TenantFixture;

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A compact JWS of `payload` with `header`, signed HS256 with `secret` (or unsigned when null). */
const token = (header: Record<string, unknown>, payload: Record<string, unknown>, secret: string | null): string => {
  const input = `${b64url(header)}.${b64url(payload)}`;
  const signature = secret === null ? '' : createHmac('sha256', secret).update(input).digest('base64url');
  return `${input}.${signature}`;
};

const claims = (overrides: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return { sub: t.usuarioId, tid: t.tenantId, tv: 0, iat: now, exp: now + 600, ...overrides };
};

/** GET /api/auth/me (a protected route) with `authorization`. */
const me = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization, 'x-origin': 'web' } });

const expect401 = async (authorization: string) => {
  const res = await me(authorization);
  expect(res.statusCode, `${authorization.slice(0, 60)} → ${res.body}`).toBe(401);
  expect(res.json()).toEqual({ errors: { generalErrors: ['Acesso não autorizado'] } });
  expect(res.headers['x-new-authorization']).toBeUndefined();
};

beforeAll(async () => {
  t = await newTenant(ctx);
});

describe('JWT checks on a protected route (GET /api/auth/me)', () => {
  it('answers 200 to the token the server signed, and to one signed here with its own key (the test is honest)', async () => {
    expect((await me(`Bearer ${t.token}`)).statusCode).toBe(200);
    const [header, payload] = t.token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    const forged = token({ alg: 'HS256', typ: 'JWT' }, claims({ tv: payload.tv }), ctx.config.jwtSecret);
    expect((await me(`Bearer ${forged}`)).statusCode).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const tv = JSON.parse(Buffer.from(t.token.split('.')[1]!, 'base64url').toString()).tv;
    await expect401(`Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv }), randomBytes(32).toString('hex'))}`);
    // The server's own signature moved onto another payload (another tenant's id).
    const [h, , s] = t.token.split('.');
    await expect401(`Bearer ${h}.${b64url(claims({ tv, tid: '00000000-0000-4000-8000-000000000000' }))}.${s}`);
  });

  it("refuses 'alg: none' (unsigned) in every spelling, with or without a signature part", async () => {
    const tv = JSON.parse(Buffer.from(t.token.split('.')[1]!, 'base64url').toString()).tv;
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const unsigned = token({ alg, typ: 'JWT' }, claims({ tv }), null);
      await expect401(`Bearer ${unsigned}`);
      await expect401(`Bearer ${unsigned.slice(0, -1)}`);
    }
    // Another algorithm family with the HMAC secret as "public key" (algorithm confusion).
    await expect401(`Bearer ${token({ alg: 'RS256', typ: 'JWT' }, claims({ tv }), ctx.config.jwtSecret)}`);
    await expect401(`Bearer ${token({ alg: 'HS512', typ: 'JWT' }, claims({ tv }), ctx.config.jwtSecret)}`);
  });

  it('refuses an expired token, even by one second, and one not valid yet', async () => {
    const tv = JSON.parse(Buffer.from(t.token.split('.')[1]!, 'base64url').toString()).tv;
    const now = Math.floor(Date.now() / 1000);
    await expect401(
      `Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv, iat: now - 7200, exp: now - 3600 }), ctx.config.jwtSecret)}`,
    );
    await expect401(
      `Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv, iat: now - 600, exp: now - 1 }), ctx.config.jwtSecret)}`,
    );
    await expect401(`Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv, nbf: now + 3600 }), ctx.config.jwtSecret)}`);
  });

  it('refuses a token once it expires although it was accepted (and cached) before', async () => {
    const tv = JSON.parse(Buffer.from(t.token.split('.')[1]!, 'base64url').toString()).tv;
    const now = Math.floor(Date.now() / 1000);
    const curto = `Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv, iat: now, exp: now + 2 }), ctx.config.jwtSecret)}`;
    expect((await me(curto)).statusCode).toBe(200);
    const deadline = Date.now() + 15_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await me(curto)).statusCode;
    }
    expect(status).toBe(401);
    await expect401(curto);
  });

  it('refuses malformed tokens and headers', async () => {
    const [h, p, s] = t.token.split('.') as [string, string, string];
    for (const authorization of [
      'Bearer ',
      'Bearer abc',
      'Bearer a.b.c',
      `Bearer ${h}.${p}`,
      `Bearer ${h}.${p}.${s}.extra`,
      `Bearer ${h}.${p}.${s.slice(0, -2)}`,
      `Bearer ${h}.${b64url('não é json')}.${s}`,
      `Bearer ${b64url('{"alg":')}.${p}.${s}`,
      `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      t.token, // without "Bearer"
      `Bearer ${'x'.repeat(20_000)}`,
    ]) {
      await expect401(authorization);
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-origin': 'web' } });
    expect(none.statusCode).toBe(401);
  });

  it('refuses a well-signed token whose claims do not match a user (other tenant, bad ids, old version)', async () => {
    const secret = ctx.config.jwtSecret;
    const tv = JSON.parse(Buffer.from(t.token.split('.')[1]!, 'base64url').toString()).tv;
    const outro = await newTenant(ctx);
    await expect401(`Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv, tid: outro.tenantId }), secret)}`);
    await expect401(`Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv, sub: "' or 1=1 --" }), secret)}`);
    await expect401(`Bearer ${token({ alg: 'HS256', typ: 'JWT' }, claims({ tv: tv + 1 }), secret)}`);
    // The genuine token still works afterwards.
    expect((await me(`Bearer ${t.token}`)).statusCode).toBe(200);
  });
});
