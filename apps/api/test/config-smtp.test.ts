/** The SMTP settings of the environment (config.ts): SMTP_URL, or SMTP_HOST and friends; none → e-mails only logged. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp', JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64) } as const;

describe('SMTP configuration', () => {
  it('reads SMTP_URL with its escaped user and password, port 587 by default (465 for smtps)', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://loja%40exemplo.com.br:p%3As@smtp.exemplo.com.br' }).smtp).toEqual({
      host: 'smtp.exemplo.com.br',
      port: 587,
      secure: false,
      user: 'loja@exemplo.com.br',
      pass: 'p:s',
    });
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://smtp.exemplo.com.br' }).smtp).toMatchObject({ port: 465, secure: true });
  });

  it('reads SMTP_HOST/PORT/USER/PASS/SECURE when there is no SMTP_URL, and nothing without either', () => {
    const config = loadConfig({
      ...base,
      SMTP_HOST: 'mail.local',
      SMTP_PORT: '465',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      MAIL_FROM: 'Loja <a@b.com>',
    });
    expect(config.smtp).toEqual({ host: 'mail.local', port: 465, secure: true, user: 'u', pass: 'p' });
    expect(config.mailFrom).toBe('Loja <a@b.com>');
    expect(loadConfig({ ...base, SMTP_HOST: 'mail.local', SMTP_SECURE: 'false', SMTP_PORT: '465' }).smtp?.secure).toBe(false);
    expect(loadConfig({ ...base }).smtp).toBeUndefined();
    expect(loadConfig({ ...base, APP_URL: 'https://gestao.loja.com.br/' }).appUrl).toBe('https://gestao.loja.com.br');
  });

  it('refuses an SMTP_URL of another protocol with a Portuguese message', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://smtp.exemplo.com.br' })).toThrow(/SMTP_URL deve ser smtp:\/\//);
  });
});
