/**
 * The grooming board /banho-tosa/ end to end (issue #17 item 5), on a 1024×768 tablet: a
 * customer, a pet with alerts, a box, a bath type and today's appointment are created through the
 * API; on the board the pet goes Aguardando → Banho by dragging it with the mouse, then Banho →
 * Secagem → Tosa → Finalizado by the keyboard through the card's menu; "Pronto" then sets the
 * status (the API's history has it, and records the owner's notification), and a second browser
 * (another user session) sees every change within 10 s without reloading. The five columns fit
 * the tablet, the touch targets are 44 px, the phone does not scroll sideways; axe-core on both.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION_TIMEOUT_MS,
  callApi,
  describeE2E,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  launchBrowser,
  login,
  MOBILE_VIEWPORT,
  newPage,
  ok,
  poll,
  settledScreenshot,
} from './support.ts';

const TABLET_VIEWPORT = { width: 1024, height: 768 };
/** Other users' changes must show within this time (issue #17: 10 s). */
const OUTRA_SESSAO_MS = 10_000;
const COLUNAS = ['Aguardando', 'Banho', 'Secagem', 'Tosa', 'Finalizado'] as const;

type Historico = { campo: string; de: string | null; para: string };
type Atendimento = { id: string; status: string; atividade: string; historico: Historico[] };

const sufixo = Date.now().toString(36);
const PET = `Pingo ${sufixo}`;

/** Today in São Paulo (the demo units' time zone), 'yyyy-MM-dd'. */
const hoje = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

const coluna = (page: Page, nome: string) => page.getByRole('region', { name: nome, exact: true });
const cardEm = (page: Page, nome: string) => coluna(page, nome).getByRole('article', { name: PET, exact: true });

const detalhe = (page: Page, id: string) => ok(callApi<Atendimento>(page, 'GET', `/api/agenda/atendimentos/${id}`));

/** Opens the card's menu with the keyboard and picks `item` with the arrow keys and Enter. */
const escolherNoMenu = async (page: Page, item: string) => {
  const acoes = page.getByRole('button', { name: `Ações de ${PET}`, exact: true });
  // While the card's previous change is saved (and the list refetched) its actions wait.
  await poll(() => acoes.isEnabled()).toBe(true);
  await acoes.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  const alvo = page.getByRole('menuitem', { name: item, exact: true });
  await alvo.waitFor();
  for (let i = 0; i < 12 && !(await alvo.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await alvo.evaluate((el) => el === document.activeElement), `"${item}" focado pelas setas`).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor({ state: 'detached' });
};

/** Drags the card with the mouse (down, a few moves, up) onto the heading of column `para`. */
const arrastar = async (page: Page, card: Locator, para: string) => {
  const origem = (await card.getByText(PET, { exact: true }).boundingBox())!;
  const destino = (await coluna(page, para).getByRole('heading', { name: para }).boundingBox())!;
  await page.mouse.move(origem.x + origem.width / 2, origem.y + origem.height / 2);
  await page.mouse.down();
  await page.mouse.move(origem.x + origem.width / 2 + 20, origem.y + origem.height / 2, { steps: 4 });
  await page.mouse.move(destino.x + destino.width / 2, destino.y + destino.height / 2 + 40, { steps: 12 });
  await page.mouse.up();
};

describeE2E('banho e tosa: quadro', () => {
  describe.sequential('a pet through the board on a tablet', () => {
    let browser: Browser;
    let tablet: Page;
    let outra: Page;
    let atendimentoId: string;

    beforeAll(async () => {
      browser = await launchBrowser();
      tablet = await newPage(browser, { viewport: TABLET_VIEWPORT });
      await login(tablet);
      const cliente = await ok(
        callApi<{ id: string }>(tablet, 'POST', '/api/pessoal/pessoas', {
          nome: `Tutora Quadro ${sufixo}`,
          telefones: [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
        }),
      );
      const pet = await ok(
        callApi<{ id: string }>(tablet, 'POST', '/api/animal/pets', {
          nome: PET,
          tutores: [{ pessoaId: cliente.id, principal: true }],
          agressivo: true,
          alergias: 'Clorexidina',
        }),
      );
      const box = await ok(callApi<{ id: string }>(tablet, 'POST', '/api/agenda/boxes', { nome: `Box Quadro ${sufixo}` }));
      const tipo = await ok(
        callApi<{ id: string }>(tablet, 'POST', '/api/agenda/tipos-atendimento', {
          nome: `Banho quadro ${sufixo}`,
          area: 'BanhoTosa',
          duracaoMinutos: 60,
          cor: '#228be6',
          recurso: 'Box',
        }),
      );
      const criado = await ok(
        callApi<{ id: string }>(tablet, 'POST', '/api/agenda/atendimentos', {
          petId: pet.id,
          tipoAtendimentoId: tipo.id,
          boxId: box.id,
          inicio: `${hoje()}T07:00`,
          naoFazer: 'Não cortar as unhas',
        }),
      );
      atendimentoId = criado.id;
      // Another user session (own cookies and storage) watching the same board.
      outra = await newPage(browser, { viewport: TABLET_VIEWPORT });
      await login(outra);
      await outra.goto('/banho-tosa');
      await outra.evaluate(() => Object.assign(window, { semRecarregar: true }));
    }, 4 * ACTION_TIMEOUT_MS);

    afterAll(async () => {
      await browser?.close();
    });

    it('shows the pet in Aguardando with its alerts, five columns side by side on the tablet', async () => {
      await tablet.goto('/banho-tosa');
      const card = cardEm(tablet, 'Aguardando');
      await card.waitFor();
      const texto = await card.evaluate((el) => el.textContent ?? '');
      expect(texto).toContain('Agressivo');
      expect(texto).toContain('Alergias: Clorexidina');
      expect(texto).toContain('Não fazer: Não cortar as unhas');
      // A type without a service product charges nothing: settled from the start.
      expect(texto).toContain('Baixada');
      // Waiting counts from the scheduled 07:00: before it the card says when the pet arrives.
      expect(texto).toMatch(/há (menos de 1|\d+) min|há \d+ h|chega às 07:00/);
      // Five columns in one row inside the tablet's width, the page not scrolling sideways.
      const caixas = await Promise.all(COLUNAS.map(async (c) => (await coluna(tablet, c).boundingBox())!));
      for (const caixa of caixas) {
        expect(caixa.y).toBeCloseTo(caixas[0]!.y, 0);
        expect(caixa.x + caixa.width).toBeLessThanOrEqual(TABLET_VIEWPORT.width);
      }
      await expectNoSidewaysScroll(tablet);
      // Touch targets of the card: 44 px at least.
      for (const alvo of [
        card.getByRole('button', { name: `Ações de ${PET}` }),
        card.getByRole('button', { name: `Arrastar ${PET}` }),
      ]) {
        const caixa = (await alvo.boundingBox())!;
        expect(Math.min(caixa.width, caixa.height)).toBeGreaterThanOrEqual(44);
      }
    });

    it('drags it to Banho with the mouse; the other session sees it without reloading', async () => {
      await arrastar(tablet, cardEm(tablet, 'Aguardando'), 'Banho');
      await cardEm(tablet, 'Banho').waitFor();
      await poll(async () => (await detalhe(tablet, atendimentoId)).atividade).toBe('Banho');
      await cardEm(outra, 'Banho').waitFor({ timeout: OUTRA_SESSAO_MS });
    });

    it('moves it Banho → Secagem → Tosa → Finalizado through the keyboard menu', async () => {
      for (const [de, para] of [
        ['Banho', 'Secagem'],
        ['Secagem', 'Tosa'],
        ['Tosa', 'Finalizado'],
      ] as const) {
        await cardEm(tablet, de).waitFor();
        await escolherNoMenu(tablet, para);
        await cardEm(tablet, para).waitFor();
        await poll(async () => (await detalhe(tablet, atendimentoId)).atividade).toBe(para);
      }
      const { historico } = await detalhe(tablet, atendimentoId);
      const atividades = historico.filter((h) => h.campo === 'atividade').map((h) => h.para);
      expect(atividades).toEqual(expect.arrayContaining(['Banho', 'Secagem', 'Tosa', 'Finalizado']));
      await settledScreenshot(tablet, 'banho-tosa-tablet');
      await expectNoAxeViolations(tablet);
    });

    it('marks it Pronto: status and notification in the API, Entregue offered, seen by the other session', async () => {
      const card = cardEm(tablet, 'Finalizado');
      await card.getByRole('button', { name: 'Pronto', exact: true }).click();
      await card.getByRole('button', { name: 'Entregue', exact: true }).waitFor();
      const atendimento = await detalhe(tablet, atendimentoId);
      expect(atendimento.status).toBe('Pronto');
      expect(atendimento.historico).toEqual(
        expect.arrayContaining([expect.objectContaining({ campo: 'status', para: 'Pronto' })]),
      );
      await cardEm(outra, 'Finalizado')
        .getByRole('button', { name: 'Entregue', exact: true })
        .waitFor({ timeout: OUTRA_SESSAO_MS });
      expect(await outra.evaluate(() => 'semRecarregar' in window), 'a outra sessão não recarregou').toBe(true);
      await expectNoAxeViolations(outra);
    });

    it('on a phone the board stacks its columns and never scrolls sideways', async () => {
      const celular = await newPage(browser, { viewport: MOBILE_VIEWPORT });
      await login(celular);
      await celular.goto(`/banho-tosa?query=${encodeURIComponent(PET)}`);
      await cardEm(celular, 'Finalizado').waitFor();
      await expectNoSidewaysScroll(celular);
      const [a, b] = await Promise.all([coluna(celular, 'Aguardando').boundingBox(), coluna(celular, 'Banho').boundingBox()]);
      expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
      await settledScreenshot(celular, 'banho-tosa-celular');
      await expectNoAxeViolations(celular);
      await celular.context().close();
    });
  });
});
