/**
 * Outgoing e-mail through nodemailer's SMTP transport (config `smtp`, from SMTP_URL or
 * SMTP_HOST/PORT/USER/PASS/SECURE; sender MAIL_FROM). Without an SMTP server nothing is sent:
 * `configured` is false and callers write what they would have sent to the log instead.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/** One e-mail: a recipient, a subject, a plain-text body and the same body in simple HTML. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** False when no SMTP server is configured: `send` then only logs that nothing was sent. */
  configured: boolean;
  /** Sends one e-mail; rejects when the SMTP server refuses it or cannot be reached (20 s at most). */
  send: (message: MailMessage) => Promise<void>;
  /** Closes the transport's connections. */
  close: () => void;
};

const TIMEOUT_MS = 20_000;

/** The mailer of `config`; `log` receives the warnings of an e-mail that could not go out. */
export const createMailer = (config: Pick<Config, 'smtp' | 'mailFrom'>, log: FastifyBaseLogger): Mailer => {
  const smtp = config.smtp;
  if (!smtp) {
    return {
      configured: false,
      send: async (m) => {
        log.info({ para: m.to, assunto: m.subject }, 'SMTP não configurado (SMTP_URL ou SMTP_HOST): e-mail não enviado');
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    configured: true,
    send: async (m) => {
      await transport.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transport.close(),
  };
};

/** Escapes text for an HTML body. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
