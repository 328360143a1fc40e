/**
 * A local SMTP server for tests (smtp-server, real SMTP on 127.0.0.1, random port): accepts
 * every message (any AUTH login, no TLS) and keeps it parsed (mailparser) in `mensagens`.
 * Used by the API tests (config `smtp` pointing at it) and by the end-to-end harness (SMTP_URL).
 *
 * `inboxUrl`: the same messages over HTTP, for code in another process (the e2e specs):
 * GET {inboxUrl}?para=<e-mail> → JSON array of RecebidaSmtp, oldest first.
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as received. `para`: the envelope recipients (lower case). */
export type RecebidaSmtp = { de: string; para: string[]; assunto: string; texto: string; html: string };

export type FakeSmtp = {
  /** smtp://teste:teste@127.0.0.1:<port> */
  url: string;
  host: string;
  port: number;
  /** GET ?para=… answers the messages received for that address. */
  inboxUrl: string;
  mensagens: RecebidaSmtp[];
  /** Resolves with the first message (already received or to come) for `para` that `filtro` accepts; rejects after `timeoutMs`. */
  esperar: (para: string, filtro?: (m: RecebidaSmtp) => boolean, timeoutMs?: number) => Promise<RecebidaSmtp>;
  close: () => Promise<void>;
};

export const startFakeSmtp = async (): Promise<FakeSmtp> => {
  const mensagens: RecebidaSmtp[] = [];
  const ouvintes = new Set<() => void>();
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'teste' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          mensagens.push({
            de: parsed.from?.text ?? '',
            para: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            assunto: parsed.subject ?? '',
            texto: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const ouvinte of ouvintes) ouvinte();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  const http = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const para = url.searchParams.get('para')?.toLowerCase();
    const lista = para ? mensagens.filter((m) => m.para.includes(para)) : mensagens;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(lista));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as AddressInfo).port;

  const esperar: FakeSmtp['esperar'] = (para, filtro = () => true, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const alvo = para.toLowerCase();
      const procurar = () => mensagens.find((m) => m.para.includes(alvo) && filtro(m));
      const achada = procurar();
      if (achada) return resolve(achada);
      const timer = setTimeout(() => {
        ouvintes.delete(ouvinte);
        reject(new Error(`Nenhum e-mail para ${para} em ${timeoutMs} ms`));
      }, timeoutMs);
      const ouvinte = () => {
        const m = procurar();
        if (!m) return;
        clearTimeout(timer);
        ouvintes.delete(ouvinte);
        resolve(m);
      };
      ouvintes.add(ouvinte);
    });

  return {
    url: `smtp://teste:teste@127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    inboxUrl: `http://127.0.0.1:${httpPort}/mensagens`,
    mensagens,
    esperar,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
};
