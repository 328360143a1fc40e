/**
 * A discount above the cashier's limit at the till (issue #22 item 4), keyboard only: a cashier
 * whose limit is 5 % gives 10 % (F6), pays (F8) and finalises (F10); the till asks for a
 * manager's authorization ("Autorização de desconto", focus on the e-mail); a wrong password is
 * refused in the dialog; the manager's e-mail and password (Enter) finalise the sale, and the
 * act is in the audit log with who authorized it. Users made for this spec (the demo's stay as
 * they are), through the users API with their `descontoMaximo`.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { abrirPdv, entradaFocada, escanear, KONG } from './pdv-support.ts';
import {
  ACTION_TIMEOUT_MS,
  baseURL,
  DEMO_EMAIL,
  DEMO_SENHA,
  describeE2E,
  launchBrowser,
  login,
  newPage,
  settledScreenshot,
} from './support.ts';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: ACTION_TIMEOUT_MS });

type Sessao = { token: string; unidade: string };

const api = async <T>(path: string, init: { method?: string; sessao?: Sessao; body?: unknown } = {}) => {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-origin': 'web',
      ...(init.sessao ? { authorization: `Bearer ${init.sessao.token}`, 'x-unidade-negocio': init.sessao.unidade } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
};

const textoDe = async (page: Page, testId: string, esperado: string) =>
  poll(() => page.getByTestId(testId).innerText()).toBe(esperado);

describeE2E('pdv: desconto acima do limite', () => {
  let browser: Browser;
  let page: Page;
  let admin: Sessao;
  const sufixo = randomUUID().slice(0, 8);
  const caixa = { nome: 'Carla Caixa', email: `carla.${sufixo}@demo.com.br`, senha: 'senha-da-carla-1' };
  const gerente = { nome: 'Gustavo Gerente', email: `gustavo.${sufixo}@demo.com.br`, senha: 'senha-do-gustavo-1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const login0 = await api<{ accessToken: string; user: { unidadesNegocio: { id: string; nome: string }[] } }>('/auth/login', {
      method: 'POST',
      body: { email: DEMO_EMAIL, senha: DEMO_SENHA },
    });
    const matriz = login0.user.unidadesNegocio.find((u) => u.nome === 'Matriz') ?? login0.user.unidadesNegocio[0]!;
    admin = { token: login0.accessToken, unidade: matriz.id };
    for (const [u, perfilId, descontoMaximo] of [
      [caixa, 'caixa', 5],
      [gerente, 'gerente', null],
    ] as const)
      await api('/auth/usuarios', {
        method: 'POST',
        sessao: admin,
        body: { ...u, descontoMaximo, unidades: [{ unidadeNegocioId: matriz.id, perfilId }] },
      });
    page = await newPage(browser);
    await login(page, caixa.email, caixa.senha);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks a manager for 10 % off with a 5 % limit and finalises once they authorize', async () => {
    await abrirPdv(page);
    await escanear(page, KONG);
    await textoDe(page, 'pdv-total', 'R$ 79,90');

    // F6: 10 % on the whole sale.
    await entradaFocada(page);
    await page.keyboard.press('F6');
    const desconto = page.getByLabel('Desconto (%)', { exact: true });
    await desconto.waitFor();
    await poll(() => desconto.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await desconto.waitFor({ state: 'detached' });
    await textoDe(page, 'pdv-total', 'R$ 71,91');

    // F8, 1 = Dinheiro, the open amount received.
    await entradaFocada(page);
    await page.keyboard.press('F8');
    await page.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
    await page.keyboard.press('1');
    const recebido = page.getByLabel('Valor recebido', { exact: true });
    await recebido.waitFor();
    await poll(() => recebido.inputValue()).toBe('R$ 71,91');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Pagamento (F8)' }).waitFor({ state: 'detached' });
    await textoDe(page, 'pdv-pago', 'R$ 71,91');

    // F10: above the limit, the till asks for a manager.
    await page.keyboard.press('F10');
    const dialogo = page.getByRole('dialog', { name: 'Autorização de desconto' });
    await dialogo.waitFor();
    await dialogo.getByText('Desconto de 10,00% acima do seu limite de 5,00%: peça a autorização de um gerente').waitFor();
    const email = dialogo.getByLabel('E-mail do gerente', { exact: true });
    await poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    await settledScreenshot(page, 'pdv-desconto-autorizacao');

    // A wrong password stays in the dialog; the sale is not finalised.
    await page.keyboard.type(gerente.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('senha-errada');
    await page.keyboard.press('Enter');
    await poll(() => dialogo.getByTestId('autorizacao-erro').innerText()).toBe('E-mail ou senha do autorizador inválidos');
    expect(await page.getByTestId('pdv-resultado').count()).toBe(0);
    await settledScreenshot(page, 'pdv-desconto-autorizacao-senha-errada');

    const senha = dialogo.getByLabel('Senha do gerente', { exact: true });
    await senha.fill('');
    await senha.pressSequentially(gerente.senha);
    await page.keyboard.press('Enter');
    const resultado = page.getByTestId('pdv-resultado');
    await resultado.waitFor();
    await dialogo.waitFor({ state: 'detached' });
    const titulo = await resultado.getByText(/^Venda nº \d+ finalizada$/).innerText();
    const numero = /nº (\d+)/.exec(titulo)![1]!;
    await settledScreenshot(page, 'pdv-desconto-autorizado-finalizada');

    // The audit log names the sale, the cashier's limit and the manager.
    const eventos = await api<{ items: { descricao: string; depois: Record<string, unknown> | null }[] }>(
      '/auditoria?acao=DescontoAcimaDoLimite&pageSize=50',
      { sessao: admin },
    );
    const evento = eventos.items.find((e) => e.descricao.startsWith(`Venda nº ${numero} `));
    expect(evento?.descricao).toBe(
      `Venda nº ${numero} com desconto de 10,00% (R$ 7,99; limite de ${caixa.nome}: 5,00%) autorizado por ${gerente.nome}`,
    );
    expect(evento?.depois).toMatchObject({ percentual: 10, valorDesconto: 7.99, limite: 5, autorizadoPorNome: gerente.nome });
  }, 120_000);
});
