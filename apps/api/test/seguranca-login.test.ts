/**
 * Issue #22 item 7, login brute force, tested through HTTP only (the limiter's store may move):
 * LOGIN_RATE_LIMIT attempts per minute per client IP and e-mail; the next one answers 429 with a
 * Portuguese message and `retry-after`, even with the right password; other e-mails and other IPs
 * are not affected; a forged `x-forwarded-for` from a client that is not a trusted proxy does not
 * buy new attempts; once the minute has passed the right password works (no permanent lockout).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const LIMITE = 5;
const ctx = useTestApp({ loginRateLimit: LIMITE });
/** Behind one proxy (TRUST_PROXY=1, compose.yaml): the address it appends to x-forwarded-for is the client's. */
const ctxProxy = useTestApp({ loginRateLimit: LIMITE, trustProxy: 1 });
let alvo: TenantFixture;
let outro: TenantFixture;

/** A client on the internet (not a trusted proxy: its `x-forwarded-for` is ignored). */
const ATACANTE = '203.0.113.7';

const entrar = (email: string, senha: string, remoteAddress = ATACANTE, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha }, remoteAddress, headers });

const expectLimitado = (res: Awaited<ReturnType<typeof entrar>>) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().errors.generalErrors[0]).toMatch(/^Muitas tentativas de login\. Aguarde \d+ segundos e tente novamente\.$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
};

beforeAll(async () => {
  alvo = await newTenant(ctx);
  outro = await newTenant(ctx);
});

describe('login brute force', () => {
  it(`answers 429 after ${LIMITE} wrong passwords for one e-mail from one IP, spares other e-mails and IPs, and lets the right password in after the minute`, async () => {
    for (let i = 0; i < LIMITE; i++) {
      const res = await entrar(alvo.email, `chute-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.generalErrors).toEqual(['E-mail ou senha inválidos']);
    }
    expectLimitado(await entrar(alvo.email, 'mais-um-chute'));
    // The right password is refused too while the window lasts: the attacker learns nothing.
    expectLimitado(await entrar(alvo.email, alvo.senha));
    // Same e-mail spelled in capitals with spaces: the same key.
    expectLimitado(await entrar(`  ${alvo.email.toUpperCase()} `, alvo.senha));
    // A forged x-forwarded-for from a client that is not a proxy changes nothing.
    for (const ip of ['198.51.100.1', '198.51.100.2', '10.0.0.9']) {
      expectLimitado(await entrar(alvo.email, 'chute', ATACANTE, { 'x-forwarded-for': ip }));
    }

    // Other e-mail, same IP: not affected. Same e-mail from another IP (the shop's till): not affected.
    expect((await entrar(outro.email, outro.senha)).statusCode).toBe(200);
    expect((await entrar(alvo.email, alvo.senha, '198.51.100.50')).statusCode).toBe(200);

    // No permanent lockout: within about a minute the right password works from the attacker's IP too.
    const deadline = Date.now() + 90_000;
    let res = await entrar(alvo.email, alvo.senha);
    while (res.statusCode === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      res = await entrar(alvo.email, alvo.senha);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accessToken).toEqual(expect.any(String));
  }, 120_000);

  it('takes the client IP from x-forwarded-for only when the connection comes from a trusted proxy (loopback)', async () => {
    const email = outro.email;
    // Through a proxy on the same machine: each client behind it has its own budget.
    for (let i = 0; i < LIMITE; i++)
      expect((await entrar(email, 'x', '127.0.0.1', { 'x-forwarded-for': '192.0.2.10' })).statusCode).toBe(400);
    expectLimitado(await entrar(email, 'x', '127.0.0.1', { 'x-forwarded-for': '192.0.2.10' }));
    expect((await entrar(email, outro.senha, '127.0.0.1', { 'x-forwarded-for': '192.0.2.11' })).statusCode).toBe(200);
  });

  it("behind one proxy (TRUST_PROXY=1) addresses a client puts before the proxy's own entry buy nothing", async () => {
    const t = await newTenant(ctxProxy);
    const tentar = (forjado: string, clienteReal: string, senha = 'x') =>
      ctxProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: t.email, senha },
        remoteAddress: '172.18.0.5',
        headers: { 'x-forwarded-for': `${forjado}, ${clienteReal}` },
      });
    for (let i = 0; i < LIMITE; i++) expect((await tentar(`198.51.100.${i}`, '203.0.113.80')).statusCode).toBe(400);
    const bloqueado = await tentar('198.51.100.99', '203.0.113.80');
    expect(bloqueado.statusCode).toBe(429);
    expect((await tentar('198.51.100.99', '203.0.113.81', t.senha)).statusCode).toBe(200);
  });
});
