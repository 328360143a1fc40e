/**
 * The built web app served compressed (issue #22 item 8, apps/api/src/plugins/web.ts): a small
 * fixture dist with `.br`/`.gz` siblings, as the web build writes them. Brotli is preferred,
 * gzip is the fallback, the plain file goes to a client that accepts neither; every answer
 * says `vary: accept-encoding`; hashed assets are cached for a year, index.html and the SPA
 * fallback are revalidated (`no-cache`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'petshop-web-compressao-'));
const INDEX = '<!doctype html><html lang="pt-BR"><head><title>PetShop</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const mensagem = ${JSON.stringify('Olá, pet shop! '.repeat(200))};\n`;
mkdirSync(path.join(dist, 'assets'));
/** A file and its compressed siblings, marked so that the test can tell which one was sent. */
const write = (rel: string, content: string) => {
  const file = path.join(dist, rel);
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(content)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(content)));
};
write('index.html', INDEX);
write('assets/index-AbC123.js', SCRIPT);
// A file the build left uncompressed (too small): served as it is, whatever the client accepts.
writeFileSync(path.join(dist, 'assets', 'tiny-XyZ789.js'), 'export {};\n');

const ctx = useTestApp({ webDist: dist });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const varyHas = (vary: unknown) =>
  String(vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .includes('accept-encoding');

describe('the web app over the wire: compressed once at build time, by accept-encoding', () => {
  it('brotli when the client accepts it, even listed after gzip', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(varyHas(res.headers.vary)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip when the client does not accept brotli', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varyHas(res.headers.vary)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('the plain file without accept-encoding (or with identity only)', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-AbC123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varyHas(res.headers.vary)).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('a file without compressed siblings is sent plain to a client that accepts br', async () => {
    const res = await get('/assets/tiny-XyZ789.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyHas(res.headers.vary)).toBe(true);
    expect(res.body).toBe('export {};\n');
  });

  it('index.html compressed and revalidated (no-cache)', async () => {
    const res = await get('/index.html', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('the SPA fallback (a route, not a file) answers index.html, compressed and no-cache', async () => {
    for (const [accept, decode] of [
      ['br', (b: Buffer) => brotliDecompressSync(b).toString()],
      ['gzip', (b: Buffer) => gunzipSync(b).toString()],
      [undefined, (b: Buffer) => b.toString()],
    ] as const) {
      const res = await get('/vendas/pdv/?tab=venda', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varyHas(res.headers.vary)).toBe(true);
      expect(decode(res.rawPayload)).toBe(INDEX);
    }
  });

  it('a missing asset is a 404, not index.html; an unknown /api path answers the error format', async () => {
    const asset = await get('/assets/nao-existe-123.js', 'br');
    expect(asset.statusCode).toBe(404);
    const api = await get('/api/nao-existe', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ errors: { generalErrors: ['Recurso não encontrado'] } });
  });
});
