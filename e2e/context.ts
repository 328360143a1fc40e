/**
 * What the e2e global setup hands to the specs through vitest's provide/inject, and the demo
 * login the seeded database prints (SEED_DEMO=true).
 */
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. 'http://127.0.0.1:41234'; '' when e2e is skipped. */
    baseURL: string;
    /** Chromium executable; '' when none was found and the specs are skipped. */
    chromiumPath: string;
    /** HTTP inbox of the SMTP fake the server sends to (GET ?para=<e-mail>); '' when e2e is skipped. */
    smtpInboxUrl: string;
    /** Control of the fake SEFAZ the server sends NFC-e to (POST {"modo": "silencio"|"normal"|…}); '' when e2e is skipped. */
    sefazControleUrl: string;
  }
}

/** Where Chromium is looked for when CHROME_PATH is not set (Debian's package). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Demo login of the seeded tenant. */
export const DEMO_EMAIL = 'admin@demo.com.br';
export const DEMO_SENHA = 'demo1234';
