/**
 * What the e2e global setup hands to the specs through vitest's provide/inject (the servers,
 * one per worker, and the Chromium), and the demo login the seeded database prints
 * (SEED_DEMO=true).
 */
/** One server under test, with its fakes: the one of a worker (see `e2eServer()` in support.ts). */
export type E2eServer = {
  /** Origin of the server, e.g. 'http://127.0.0.1:41234'. */
  baseURL: string;
  /** HTTP inbox of the SMTP fake the server sends to (GET ?para=<e-mail>). */
  smtpInboxUrl: string;
  /** Control of the fake SEFAZ the server sends NFC-e to (POST {"modo": "silencio"|"normal"|…}). */
  sefazControleUrl: string;
};

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /**
     * The servers under test, one per e2e worker: each spec process reserves a free one
     * (`e2eServer()` in support.ts); [] when e2e is skipped.
     */
    e2eServers: E2eServer[];
    /** Folder of the servers' reservations (`reservarServidor` in support.ts); '' when e2e is skipped. */
    e2eVagas: string;
    /** Chromium executable; '' when none was found and the specs are skipped. */
    chromiumPath: string;
  }
}

/** Where Chromium is looked for when CHROME_PATH is not set (Debian's package). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Demo login of the seeded tenant. */
export const DEMO_EMAIL = 'admin@demo.com.br';
export const DEMO_SENHA = 'demo1234';
