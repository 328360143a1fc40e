/**
 * "Esqueci minha senha" (issue #15): POST /api/auth/esqueci-senha e-mails a one-time link
 * through a real SMTP conversation with the local fake (test/fakes/smtp.ts); POST
 * /api/auth/redefinir-senha uses it once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESQUECI_SENHA_MENSAGEM } from '@petshop/shared/auth';
import type { Config } from '../src/config.ts';
import { redefinicoesSenha, tenants, usuarios } from '../src/db/schema/index.ts';
import type { Mailer } from '../src/lib/mail.ts';
import {
  waitForBackground,
  hashToken,
  LIMITE_LINKS_POR_HORA,
  solicitarRedefinicaoSenha,
} from '../src/modules/auth/esqueci-senha.ts';
import { startFakeSmtp, type FakeSmtp, type RecebidaSmtp } from './fakes/smtp.ts';
import { authHeaders, login, newTenant, uniqueEmail, useTestApp } from './helper.ts';

let smtp: FakeSmtp;
const overrides: Partial<Config> = { mailFrom: 'Pet Shop Teste <nao-responda@teste.com.br>' };
// Registered before useTestApp's hook, so the app is built with the fake's port.
beforeAll(async () => {
  smtp = await startFakeSmtp();
  overrides.smtp = { host: smtp.host, port: smtp.port, secure: false, user: 'teste', pass: 'teste' };
});
const ctx = useTestApp(overrides);
afterAll(async () => smtp?.close());

const pedir = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/esqueci-senha', payload: { email } });
const redefinir = (token: string, novaSenha: string, confirmacaoSenha = novaSenha) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/redefinir-senha', payload: { token, novaSenha, confirmacaoSenha } });

/** The token of the link in the e-mail's text (the link is on a line of its own). */
const tokenDe = (m: RecebidaSmtp): string => {
  const match = /^http:\/\/localhost:80\/redefinir-senha\?token=([A-Za-z0-9_-]{43})$/m.exec(m.texto);
  if (!match) throw new Error(`link não encontrado no e-mail:\n${m.texto}`);
  return match[1]!;
};
const recebidas = (email: string) => smtp.mensagens.filter((m) => m.para.includes(email));

describe('esqueci minha senha', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('ninguem');
    const res = await pedir(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensagem: ESQUECI_SENHA_MENSAGEM });
    await waitForBackground();
    expect(recebidas(email)).toEqual([]);
  });

  it('e-mails a link that sets the new password once, ends the old sessions, and is refused the second time', async () => {
    const t = await newTenant(ctx);
    const res = await pedir(t.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensagem: ESQUECI_SENHA_MENSAGEM });

    const mail = await smtp.esperar(t.email);
    expect(mail.para).toEqual([t.email]);
    expect(mail.de).toBe('"Pet Shop Teste" <nao-responda@teste.com.br>');
    expect(mail.assunto).toBe(`Redefinição de senha — Pet Shop ${t.email}`);
    expect(mail.texto).toContain('Olá, Administradora Teste!');
    expect(mail.texto).toContain(`acesso à Pet Shop ${t.email}`);
    expect(mail.texto).toContain('O link vale por 60 minutos e pode ser usado uma única vez.');
    const token = tokenDe(mail);
    expect(mail.html).toContain(`href="http://localhost:80/redefinir-senha?token=${token}"`);
    // Only the hash is stored, valid for 60 minutes.
    const [row] = await ctx.database.db
      .select({
        tokenHash: redefinicoesSenha.tokenHash,
        minutos: sql<number>`round(extract(epoch from expira_em - created_at) / 60)::int`,
      })
      .from(redefinicoesSenha)
      .where(eq(redefinicoesSenha.usuarioId, t.usuarioId));
    expect(row).toEqual({ tokenHash: hashToken(token), minutos: 60 });

    const ok = await redefinir(token, 'nova-senha-forte');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.headers })).statusCode).toBe(401);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: t.email, senha: t.senha } });
    expect(old.statusCode).toBe(400);
    const session = await login(ctx, t.email, 'nova-senha-forte');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(session.accessToken) });
    expect(me.statusCode).toBe(200);

    const again = await redefinir(token, 'outra-senha-forte');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { generalErrors: ['Link inválido ou expirado'] } });
    await login(ctx, t.email, 'nova-senha-forte');
  });

  it('refuses an expired link and an unknown token', async () => {
    const t = await newTenant(ctx);
    await pedir(t.email);
    const token = tokenDe(await smtp.esperar(t.email));
    await ctx.database.db
      .update(redefinicoesSenha)
      .set({ expiraEm: sql`now() - interval '1 second'` })
      .where(eq(redefinicoesSenha.usuarioId, t.usuarioId));
    const res = await redefinir(token, 'nova-senha-forte');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.generalErrors).toEqual(['Link inválido ou expirado']);
    expect((await redefinir('x'.repeat(43), 'nova-senha-forte')).statusCode).toBe(400);
    await login(ctx, t.email, t.senha);
  });

  it('ends the earlier unused link when a new one is asked', async () => {
    const t = await newTenant(ctx);
    await pedir(t.email);
    const primeiro = tokenDe(await smtp.esperar(t.email));
    await pedir(t.email);
    const segundo = tokenDe(await smtp.esperar(t.email, (m) => !m.texto.includes(primeiro)));
    expect(segundo).not.toBe(primeiro);
    expect((await redefinir(primeiro, 'nova-senha-forte')).json().errors.generalErrors).toEqual(['Link inválido ou expirado']);
    expect((await redefinir(segundo, 'nova-senha-forte')).statusCode).toBe(200);
    await login(ctx, t.email, 'nova-senha-forte');
  });

  it('applies the password rules of the password change and keeps the link usable after a refusal', async () => {
    const t = await newTenant(ctx);
    await pedir(t.email);
    const token = tokenDe(await smtp.esperar(t.email));
    const curta = await redefinir(token, 'curta');
    expect(curta.statusCode).toBe(400);
    expect(curta.json().errors.novaSenha).toEqual(['A senha deve ter ao menos 8 caracteres']);
    const diferente = await redefinir(token, 'nova-senha-forte', 'outra-coisa-123');
    expect(diferente.statusCode).toBe(400);
    expect(diferente.json().errors.confirmacaoSenha).toEqual(['A confirmação não confere com a nova senha']);
    expect((await redefinir(token, 'nova-senha-forte')).statusCode).toBe(200);
  });

  it('answers the same but sends nothing to an inactive user or a user of an inactive tenant', async () => {
    const inativo = await newTenant(ctx);
    await ctx.database.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, inativo.usuarioId));
    const semConta = await newTenant(ctx);
    await ctx.database.db.update(tenants).set({ ativo: false }).where(eq(tenants.id, semConta.tenantId));
    for (const email of [inativo.email, semConta.email]) {
      const res = await pedir(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ mensagem: ESQUECI_SENHA_MENSAGEM });
    }
    await waitForBackground();
    expect(recebidas(inativo.email)).toEqual([]);
    expect(recebidas(semConta.email)).toEqual([]);
  });

  it(`sends at most ${LIMITE_LINKS_POR_HORA} links per user per hour, answering the same`, async () => {
    const t = await newTenant(ctx);
    for (let i = 0; i <= LIMITE_LINKS_POR_HORA; i++) {
      expect((await pedir(t.email)).json()).toEqual({ mensagem: ESQUECI_SENHA_MENSAGEM });
      await waitForBackground();
    }
    expect(recebidas(t.email)).toHaveLength(LIMITE_LINKS_POR_HORA);
  });

  it('builds the link on APP_URL when it is set', async () => {
    const t = await newTenant(ctx);
    ctx.config.appUrl = 'https://gestao.loja.com.br';
    try {
      await pedir(t.email);
      const mail = await smtp.esperar(t.email);
      expect(mail.texto).toMatch(/^https:\/\/gestao\.loja\.com\.br\/redefinir-senha\?token=[A-Za-z0-9_-]{43}$/m);
    } finally {
      ctx.config.appUrl = undefined;
    }
  });

  it('documents both calls in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    expect(doc.paths['/api/auth/esqueci-senha']?.post?.tags).toEqual(['auth']);
    expect(doc.paths['/api/auth/redefinir-senha']?.post?.summary).toMatch(/^Redefinir a senha/);
  });

  it('without an SMTP server writes the link to the log (info) instead', async () => {
    const t = await newTenant(ctx);
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }) } as never;
    const mailer: Mailer = {
      configured: false,
      send: () => Promise.reject(new Error('não deveria enviar')),
      close: () => undefined,
    };
    await solicitarRedefinicaoSenha(ctx.database.db, mailer, log, { email: t.email, baseUrl: 'https://loja.exemplo.com.br' });
    expect(logged).toHaveLength(1);
    const link = logged[0]!.obj.link as string;
    expect(link).toMatch(/^https:\/\/loja\.exemplo\.com\.br\/redefinir-senha\?token=[A-Za-z0-9_-]{43}$/);
    expect(logged[0]!.msg).toContain(
      `SMTP não configurado: o link de redefinição de senha de ${t.email} NÃO foi enviado por e-mail`,
    );
    expect(logged[0]!.msg).toContain(link);
    expect((await redefinir(new URL(link).searchParams.get('token')!, 'nova-senha-forte')).statusCode).toBe(200);
  });
});
