/**
 * "Esqueci minha senha" end to end (issue #15): the login's link → the e-mail asked → the link
 * read from the mail the server sent to the SMTP fake (global-setup, SMTP_URL) → the new password
 * twice → the login with 'Senha redefinida' → in with the new password; the old session ended
 * and the link refused a second time. A user made for this spec: the demo users stay untouched.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_EMAIL,
  DEMO_SENHA,
  describeE2E,
  launchBrowser,
  login,
  newPage,
  screenshot,
  smtpInboxUrl,
} from './support.ts';

type Recebida = { para: string[]; assunto: string; texto: string; html: string };

const caixaDeEntrada = async (email: string): Promise<Recebida[]> => {
  const res = await fetch(`${smtpInboxUrl()}?para=${encodeURIComponent(email)}`);
  return (await res.json()) as Recebida[];
};

const api = async <T>(path: string, init: { method?: string; token?: string; unidade?: string; body?: unknown } = {}) => {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-origin': 'web',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.unidade ? { 'x-unidade-negocio': init.unidade } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
};

describeE2E('esqueci minha senha', () => {
  let browser: Browser;
  const email = `esqueceu.${randomUUID().slice(0, 8)}@demo.com.br`;
  const senhaAntiga = 'senha-antiga-123';
  const senhaNova = 'senha-nova-456';

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await api<{ accessToken: string; user: { unidadesNegocio: { id: string; nome: string }[] } }>('/auth/login', {
      method: 'POST',
      body: { email: DEMO_EMAIL, senha: DEMO_SENHA },
    });
    const matriz = admin.user.unidadesNegocio.find((u) => u.nome === 'Matriz') ?? admin.user.unidadesNegocio[0]!;
    await api('/auth/usuarios', {
      method: 'POST',
      token: admin.accessToken,
      unidade: matriz.id,
      body: {
        nome: 'Bruna Esquecida',
        email,
        senha: senhaAntiga,
        unidades: [{ unidadeNegocioId: matriz.id, perfilId: 'caixa' }],
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a one-time link by e-mail that sets a new password and ends the old session', async () => {
    const antiga = await newPage(browser);
    await login(antiga, email, senhaAntiga);

    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL((url) => url.pathname === '/esqueci-senha');
    await page.getByRole('heading', { name: 'Esqueci minha senha' }).waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.').waitFor();
    await screenshot(page, 'esqueci-senha-enviado');

    await expect.poll(async () => (await caixaDeEntrada(email)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await caixaDeEntrada(email);
    expect(mail!.para).toEqual([email]);
    expect(mail!.assunto).toBe('Redefinição de senha — Pet Shop Demo');
    expect(mail!.texto).toContain('Olá, Bruna Esquecida!');
    expect(mail!.texto).toContain('60 minutos');
    const link = new RegExp(`^(${baseURL().replace(/[.]/g, '\\.')}/redefinir-senha\\?token=[A-Za-z0-9_-]{43})$`, 'm').exec(
      mail!.texto,
    )?.[1];
    expect(link, mail!.texto).toBeTruthy();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill(senhaNova);
    await page.getByLabel('Confirmação da nova senha').fill(senhaNova);
    await screenshot(page, 'redefinir-senha');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Senha redefinida').waitFor();
    await page.getByText('Entre com a nova senha.').waitFor();
    await screenshot(page, 'login-senha-redefinida');

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(senhaNova);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByText(/(Bom dia|Boa tarde|Boa noite), Bruna/).waitFor();

    // The session opened with the old password has ended.
    await antiga.goto('/vendas');
    await antiga.waitForURL((url) => url.pathname === '/login');

    // The link works once.
    const outra = await newPage(browser);
    await outra.goto(link!);
    await outra.getByLabel('Nova senha', { exact: true }).fill('mais-uma-senha-789');
    await outra.getByLabel('Confirmação da nova senha').fill('mais-uma-senha-789');
    await outra.getByRole('button', { name: 'Salvar nova senha' }).click();
    await outra.getByRole('alert').getByText('Link inválido ou expirado').waitFor();
    await outra.getByRole('link', { name: 'Pedir um novo link' }).waitFor();
    await screenshot(outra, 'redefinir-senha-link-usado');

    for (const p of [antiga, page, outra]) await p.context().close();
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const desconhecido = `ninguem.${randomUUID().slice(0, 8)}@demo.com.br`;
    const page = await newPage(browser);
    await page.goto('/esqueci-senha');
    await page.getByLabel('E-mail', { exact: true }).fill(desconhecido);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.').waitFor();
    // The server works after answering, in order: once a later request's mail has come, the unknown one is done.
    const antes = (await caixaDeEntrada(email)).length;
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Enviar de novo' }).click();
    await expect.poll(async () => (await caixaDeEntrada(email)).length, { timeout: 15_000 }).toBe(antes + 1);
    expect(await caixaDeEntrada(desconhecido)).toEqual([]);
    await page.context().close();
  });
});
