/**
 * "Esqueci minha senha" (issue #15), POST /api/auth/esqueci-senha: e-mails the user a one-time
 * link `{base}/redefinir-senha?token=…` to choose a new password (redefinir-senha.ts).
 *
 * The route answers the same message at once whatever the e-mail is, and this use case runs
 * after the answer (`runInBackground`), so neither the answer nor its timing tells whether an
 * account exists. Unknown e-mails, inactive users and users of inactive tenants get nothing.
 * The token is 32 random bytes (base64url); only its SHA-256 is stored in `redefinicoes_senha`
 * (a platform table: the plain handle, like login). A new link ends the earlier unused ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { redefinicoesSenha, tenants, usuarios } from '../../db/schema/index.ts';
import { escapeHtml, type Mailer, type MailMessage } from '../../lib/mail.ts';

/**
 * Minutes a reset link works (issue #15: 60): long enough to reach the mailbox, short enough
 * that a link found later in an old mailbox is useless. Stated in the e-mail.
 */
export const VALIDADE_LINK_MINUTOS = 60;

/**
 * Links e-mailed to one user per hour at most. Past it a request still answers the same
 * message but sends nothing, so nobody can flood a mailbox. Counted on the table's rows in
 * PostgreSQL: it holds across restarts and server processes (the route's per-IP limit does not).
 */
export const LIMITE_LINKS_POR_HORA = 5;

/** Name of the product in the e-mails. */
const PRODUTO = 'PetShop Gestão';

/** SHA-256 (hex) of a token: what `redefinicoes_senha.token_hash` keeps. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

type Destinatario = { nome: string; email: string; tenantNome: string };

/** The pt-BR e-mail with the link (text and simple HTML): names the user and the shop, says the link's lifetime. */
export const mensagemRedefinicao = (d: Destinatario, link: string): MailMessage => {
  const validade = `${VALIDADE_LINK_MINUTOS} minutos`;
  const texto = [
    `Olá, ${d.nome}!`,
    '',
    `Recebemos um pedido para redefinir a senha do seu acesso à ${d.tenantNome} no ${PRODUTO} (${d.email}).`,
    '',
    'Para criar uma nova senha, abra o link abaixo:',
    link,
    '',
    `O link vale por ${validade} e pode ser usado uma única vez.`,
    'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
    '',
    PRODUTO,
  ].join('\n');
  const h = escapeHtml;
  const html = `<!doctype html>
<html lang="pt-BR"><body style="font-family: Arial, sans-serif; color: #212529; line-height: 1.5">
<p>Olá, ${h(d.nome)}!</p>
<p>Recebemos um pedido para redefinir a senha do seu acesso à <strong>${h(d.tenantNome)}</strong> no ${PRODUTO} (${h(d.email)}).</p>
<p><a href="${h(link)}" style="display: inline-block; padding: 10px 18px; background: #0ca678; color: #fff; border-radius: 6px; text-decoration: none">Criar uma nova senha</a></p>
<p>Se o botão não abrir, copie este endereço no navegador:<br>${h(link)}</p>
<p>O link vale por ${validade} e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p>
<p style="color: #868e96">${PRODUTO}</p>
</body></html>`;
  return { to: d.email, subject: `Redefinição de senha — ${d.tenantNome}`, text: texto, html };
};

/**
 * Makes a link for the active user of `email` (lower-cased by the schema) and e-mails it, or
 * logs it (level info) when no SMTP server is configured. Resolves without sending for an
 * unknown e-mail, an inactive user or tenant, or past LIMITE_LINKS_POR_HORA; rejects only on
 * database or SMTP failures (the caller logs them). `baseUrl`: APP_URL or the request's origin.
 */
export const solicitarRedefinicaoSenha = async (
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  input: { email: string; baseUrl: string },
): Promise<void> => {
  const [user] = await db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      ativo: usuarios.ativo,
      tenantAtivo: tenants.ativo,
      tenantNome: tenants.nome,
    })
    .from(usuarios)
    .innerJoin(tenants, eq(tenants.id, usuarios.tenantId))
    .where(sql`lower(${usuarios.email}) = ${input.email.toLowerCase()}`);
  if (!user || !user.ativo || !user.tenantAtivo) return;

  const token = randomBytes(32).toString('base64url');
  const criado = await db.transaction(async (tx) => {
    // The user's row lock serialises two requests of one user: the count and the invalidation hold.
    await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, user.id)).for('update');
    const [recentes] = await tx
      .select({ n: count() })
      .from(redefinicoesSenha)
      .where(and(eq(redefinicoesSenha.usuarioId, user.id), gt(redefinicoesSenha.createdAt, sql`now() - interval '1 hour'`)));
    if ((recentes?.n ?? 0) >= LIMITE_LINKS_POR_HORA) return false;
    await tx
      .update(redefinicoesSenha)
      .set({ expiraEm: sql`now()` })
      .where(
        and(
          eq(redefinicoesSenha.usuarioId, user.id),
          isNull(redefinicoesSenha.usadaEm),
          gt(redefinicoesSenha.expiraEm, sql`now()`),
        ),
      );
    await tx.insert(redefinicoesSenha).values({
      usuarioId: user.id,
      tokenHash: hashToken(token),
      expiraEm: sql`now() + make_interval(mins => ${VALIDADE_LINK_MINUTOS})`,
    });
    return true;
  });
  if (!criado) {
    log.info(
      { usuarioId: user.id },
      `Redefinição de senha: limite de ${LIMITE_LINKS_POR_HORA} links por hora atingido; nada enviado`,
    );
    return;
  }

  const link = `${input.baseUrl}/redefinir-senha?token=${token}`;
  if (!mailer.configured) {
    log.info(
      { usuarioId: user.id, email: user.email, link },
      `SMTP não configurado: o link de redefinição de senha de ${user.email} NÃO foi enviado por e-mail. Link (vale ${VALIDADE_LINK_MINUTOS} minutos, uma vez): ${link}`,
    );
    return;
  }
  await mailer.send(mensagemRedefinicao(user, link));
  log.info({ usuarioId: user.id }, 'Redefinição de senha: link enviado por e-mail');
};

const running = new Set<Promise<void>>();

/**
 * Runs `tarefa` after the answer: failures are logged, never thrown. `waitForBackground`
 * waits for those still running (tests, and the server's close so no e-mail is cut off).
 */
export const runInBackground = (log: FastifyBaseLogger, tarefa: () => Promise<void>): void => {
  const p = (async () => {
    try {
      await tarefa();
    } catch (err) {
      log.error({ err }, 'Redefinição de senha: falha ao criar ou enviar o link');
    }
  })();
  running.add(p);
  void p.finally(() => running.delete(p));
};

/** Resolves once every task started by `runInBackground` has ended. */
export const waitForBackground = async (): Promise<void> => {
  while (running.size > 0) await Promise.all([...running]);
};
