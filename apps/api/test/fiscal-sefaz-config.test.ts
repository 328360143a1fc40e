/** The SEFAZ settings of the environment (config.ts): SEFAZ_URL, SEFAZ_TIMEOUT_MS, SEFAZ_CA_FILE. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp', JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64) } as const;
const pasta = mkdtempSync(path.join(tmpdir(), 'sefaz-config-'));
afterAll(() => rmSync(pasta, { recursive: true, force: true }));

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('SEFAZ configuration', () => {
  it('defaults: the official URLs, 3000 ms, Node roots only', () => {
    const c = loadConfig({ ...base });
    expect(c.sefazUrl).toBeUndefined();
    expect(c.sefazTimeoutMs).toBe(3000);
    expect(c.sefazCa).toBeUndefined();
  });

  it('reads SEFAZ_URL (no trailing slash), SEFAZ_TIMEOUT_MS and the PEM of SEFAZ_CA_FILE', () => {
    const arquivo = path.join(pasta, 'icp-brasil.pem');
    writeFileSync(arquivo, PEM);
    const c = loadConfig({ ...base, SEFAZ_URL: 'https://127.0.0.1:8443/', SEFAZ_TIMEOUT_MS: '1500', SEFAZ_CA_FILE: arquivo });
    expect(c.sefazUrl).toBe('https://127.0.0.1:8443');
    expect(c.sefazTimeoutMs).toBe(1500);
    expect(c.sefazCa).toBe(PEM);
    expect(loadConfig({ ...base, SEFAZ_URL: '', SEFAZ_CA_FILE: '' })).toMatchObject({ sefazUrl: undefined, sefazCa: undefined });
  });

  it('refuses a malformed URL, an absurd timeout and a CA file missing or without certificates', () => {
    expect(() => loadConfig({ ...base, SEFAZ_URL: 'sefaz' })).toThrow(/SEFAZ_URL deve ser uma URL/);
    expect(() => loadConfig({ ...base, SEFAZ_TIMEOUT_MS: '0' })).toThrow(/SEFAZ_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, SEFAZ_CA_FILE: path.join(pasta, 'nao-existe.pem') })).toThrow(
      /SEFAZ_CA_FILE: não foi possível ler/,
    );
    const vazio = path.join(pasta, 'vazio.pem');
    writeFileSync(vazio, 'nada aqui');
    expect(() => loadConfig({ ...base, SEFAZ_CA_FILE: vazio })).toThrow(/não contém certificados PEM/);
  });
});
