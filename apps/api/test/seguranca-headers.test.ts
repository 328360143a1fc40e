/**
 * Issue #22 item 7, response headers: on the API and on the built web app (a small fixture dist),
 * a CSP that allows only the app's own scripts (`script-src 'self'`, no inline or eval), no framing
 * (`frame-ancestors 'none'`), `x-content-type-options: nosniff`, `referrer-policy: no-referrer`,
 * no `x-powered-by`; HSTS only when the request came over TLS, which a client may only claim
 * through `x-forwarded-proto` when it connects from a trusted proxy (TRUST_PROXY, default loopback).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'seguranca-headers-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
);
const ctx = useTestApp({ webDist: dist });
/** TRUST_PROXY=1 (compose.yaml): the one proxy in front is whoever connects. */
const ctxUmSalto = useTestApp({ trustProxy: 1 });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The CSP header as a map directive → sources. */
const csp = (header: unknown): Map<string, string[]> => {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
};

const HSTS = 'max-age=15552000; includeSubDomains';

describe('security headers', () => {
  for (const url of ['/api/health', '/login', '/vendas/pdv/']) {
    it(`${url}: CSP, nosniff, referrer policy, no x-powered-by, no HSTS over plain HTTP`, async () => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      for (const sources of policy.values()) {
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources).not.toContain('*');
      }
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  }

  it('sends HSTS when a trusted proxy (loopback) says the request came over HTTPS', async () => {
    for (const url of ['/api/health', '/login']) {
      const res = await ctx.app.inject({ url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBe(HSTS);
    }
    const http = await ctx.app.inject({
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores x-forwarded-proto (and x-forwarded-for) from a client that is not a trusted proxy', async () => {
    const res = await ctx.app.inject({
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('TRUST_PROXY=1: the proxy in front tells the protocol and the client address it saw (the last one)', async () => {
    const https = await ctxUmSalto.app.inject({
      url: '/api/health',
      remoteAddress: '172.18.0.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const http = await ctxUmSalto.app.inject({ url: '/api/health', remoteAddress: '172.18.0.5' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
