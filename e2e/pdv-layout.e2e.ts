/**
 * The till under its dialogs and on four screens (issue #15 items 1 and 4), on the demo admin:
 *
 * - behind "Excluir pagamento?" the till's keys do nothing: F8, 2, Enter, F10 used to open the
 *   payment window over the confirmation and finalise the sale with the payment being deleted;
 * - the search shows each product's stock, and a line above it is warned at once (items 2, 3);
 * - at 1366×768, 1280×800, 1024×768 and 390×844, with items and payments, the total, the
 *   quantities and every button of the right column are inside the screen and not under the
 *   shortcut bar (`elementFromPoint` at their centre is themselves): the total and "Finalizar
 *   venda" without scrolling everywhere, every button of the right column too on two columns
 *   (≥ 1040 px); the discount window shows the item's whole name.
 *
 * Runs on its own register: opened here with F2 when the admin has none, and closed (with the
 * drafts discarded) at the end, so the other specs find the demo as it was.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { abrirPdv, COLEIRA, COMEDOURO, entradaFocada, escanear } from './pdv-support.ts';
import { ACTION_TIMEOUT_MS, callApi, describeE2E, launchBrowser, login, newPage, ok, SCREENSHOTS_DIR } from './support.ts';

const PDV_STORAGE_KEY = 'pdv-estado';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: ACTION_TIMEOUT_MS });

/** What the viewport shows (not the full page: what is under the bar is what matters here). */
const foto = async (page: Page, nome: string) => {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${nome}.png` });
};

/** F8, the method's number, the amount, Enter; the window closed again with Esc when something is still open. */
const pagar = async (page: Page, tecla: string, forma: string, valor: string) => {
  await entradaFocada(page);
  await page.keyboard.press('F8');
  const janela = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  await janela.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
  await page.keyboard.press(tecla);
  await page.getByRole('form', { name: `Pagamento em ${forma}` }).waitFor();
  const campo = page.getByLabel(forma === 'Dinheiro' ? 'Valor recebido' : 'Valor', { exact: true });
  await poll(() => campo.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(valor);
  await page.keyboard.press('Enter');
  const lista = janela.getByRole('list', { name: 'Formas de pagamento' });
  await lista.waitFor();
  await poll(() => lista.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await janela.waitFor({ state: 'detached' });
};

/**
 * Where an element is on screen: its box inside the viewport, whether what the browser would
 * click at its centre is itself (or inside it), and whether its text fits its box.
 */
const situacao = (alvo: Locator) =>
  alvo.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const noCentro = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const cortado = [el, ...Array.from(el.querySelectorAll<HTMLElement>('*'))].some(
      (e) => e.children.length === 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible',
    );
    return {
      dentro: r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0,
      descoberto: noCentro !== null && (noCentro === el || el.contains(noCentro)),
      cortado,
      caixa: `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`,
      noCentro: noCentro
        ? `${noCentro.tagName}.${String(noCentro.className).slice(0, 40)} "${noCentro.textContent?.slice(0, 30)}"`
        : null,
    };
  });

/**
 * The element is on screen, not covered and not cut: unless `semRolar`, the page (or the column
 * that scrolls it) first brought to show it in the middle of the screen.
 */
const esperarVisivel = async (nome: string, alvo: Locator, semRolar = false) => {
  await alvo.waitFor();
  if (!semRolar) await alvo.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  const s = await situacao(alvo);
  expect({ nome, ...s }).toMatchObject({ nome, dentro: true, descoberto: true, cortado: false });
};

describeE2E('pdv: dialogs and layout', () => {
  let browser: Browser;
  let page: Page;
  let abriuCaixa = false;
  const paginas: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    paginas.push(page);
    await login(page);
  });

  afterAll(async () => {
    // The drafts of every page discarded, then the register this spec opened closed.
    try {
      for (const p of paginas) {
        const ids = await p.evaluate((key) => {
          const estado = JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: { registros?: Record<string, unknown> } };
          return Object.keys(estado.state?.registros ?? {});
        }, PDV_STORAGE_KEY);
        for (const id of ids) await callApi(p, 'DELETE', `/api/comercial/pdv/excluir-venda/${id}?motivo=Teste%20e2e`);
      }
      if (abriuCaixa) {
        const caixas = await ok(
          callApi<{ caixas: { id: string; doUsuario: boolean }[] }>(page, 'GET', '/api/comercial/pdv/obter-caixas-para-pdv'),
        );
        const meu = caixas.caixas.find((c) => c.doUsuario);
        if (meu) await ok(callApi(page, 'POST', `/api/comercial/caixas/${meu.id}/fechar`, { contagens: [] }));
      }
    } finally {
      await browser?.close();
    }
  });

  it('behind "Excluir pagamento?" F8, 2, Enter, F10 neither pay nor finalise; Enter answers the question', async () => {
    abriuCaixa = await abrirPdv(page);
    await escanear(page, COLEIRA);
    await poll(() => page.getByTestId('pdv-total').innerText()).toBe('R$ 21,90');
    await pagar(page, '1', 'Dinheiro', '10');
    await poll(() => page.getByTestId('pdv-falta').innerText()).toBe('R$ 11,90');

    await page.getByRole('button', { name: 'Excluir pagamento Dinheiro R$ 10,00' }).click();
    const confirmacao = page.getByRole('dialog', { name: 'Excluir pagamento' });
    await confirmacao.waitFor();
    await poll(() => confirmacao.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await foto(page, 'pdv-dialogo-confirmacao');

    // The till's keys do nothing behind the question: no payment window opens over it.
    await page.keyboard.press('F8');
    await page.keyboard.press('2');
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await page.getByRole('dialog', { name: 'Pagamento (F8)' }).count()).toBe(0);
    // Enter is the question's: the payment is deleted.
    await page.keyboard.press('Enter');
    await confirmacao.waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('pdv-falta').innerText()).toBe('R$ 21,90');
    await poll(() => page.getByRole('button', { name: /^Excluir pagamento / }).count()).toBe(0);
    // F10 with nothing paid does not finalise: it says so and asks for the payment.
    await page.keyboard.press('F10');
    await page.getByRole('dialog', { name: 'Pagamento (F8)' }).waitFor();
    expect(await page.getByTestId('pdv-resultado').count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Excluir pagamento' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Pagamento (F8)' }).waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'Não foi possível concluir' }).waitFor();
    expect(await page.getByTestId('pdv-total').innerText()).toBe('R$ 21,90');
  }, 120_000);

  it('shows the stock in the search and warns at once on a line above it (issue #15 items 2 and 3)', async () => {
    // The line already on the sale (Coleira, 1 UN): 99999* asks for more than there is.
    const linha = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row').filter({ hasText: COLEIRA.nome });
    await linha.waitFor();
    expect(await linha.getByTestId('pdv-aviso-estoque').count()).toBe(0);
    await entradaFocada(page);
    await page.keyboard.type('99999*');
    await page.keyboard.press('Enter');
    const aviso = linha.getByTestId('pdv-aviso-estoque');
    await aviso.waitFor();
    expect(await aviso.innerText()).toMatch(/^Acima do estoque: há [\d.]+ UN$/);
    const saldo = (await aviso.innerText()).replace(/^Acima do estoque: há /, '');
    expect(await page.getByLabel(`Quantidade de ${COLEIRA.nome}`, { exact: true }).inputValue()).toBe('99.999');
    await foto(page, 'pdv-aviso-estoque');
    await page.keyboard.type('1*');
    await page.keyboard.press('Enter');
    await aviso.waitFor({ state: 'detached' });

    // The search lists the same balance beside the price.
    await page.keyboard.type('coleira de nylon chalesco m', { delay: 5 });
    const opcao = page
      .getByRole('listbox', { name: 'Produtos encontrados' })
      .getByRole('option')
      .filter({ hasText: COLEIRA.nome });
    await opcao.waitFor();
    expect(await opcao.getByTestId('pdv-resultado-estoque').innerText()).toBe(`Estoque: ${saldo}`);
    await foto(page, 'pdv-busca-estoque');
    await page.keyboard.press('Escape');
    await opcao.waitFor({ state: 'detached' });
  }, 60_000);

  for (const tela of [
    { width: 1366, height: 768 },
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    const nome = `${tela.width}x${tela.height}`;
    it(`at ${nome} the total, quantities and buttons are on screen and not under the shortcut bar`, async () => {
      const p = await newPage(browser, { viewport: tela });
      paginas.push(p);
      await login(p);
      abriuCaixa = (await abrirPdv(p)) || abriuCaixa;
      await escanear(p, COLEIRA);
      await escanear(p, COMEDOURO);
      await poll(() => p.getByTestId('pdv-total').innerText()).toBe('R$ 48,80');
      await pagar(p, '1', 'Dinheiro', '10');
      await pagar(p, '2', 'PIX', '5');
      await poll(() => p.getByTestId('pdv-falta').innerText()).toBe('R$ 33,80');
      await p.evaluate(() => window.scrollTo(0, 0));
      await foto(p, `pdv-layout-${nome}`);

      const duasColunas = tela.width >= 1040;
      expect(await p.getByTestId('pdv-screen').getAttribute('data-colunas')).toBe(duasColunas ? '2' : '1');
      const finalizar = p.getByRole('button', { name: /^Finalizar venda/ });
      const pagamento = p.getByRole('button', { name: /^Pagamento\s*F8$/ });
      const deixar = p.getByRole('button', { name: /^Deixar em aberto/ });
      // Where the cashier looks, without scrolling: the total and "Finalizar" (pinned at the
      // bottom on one column), and on two columns every button of the right column.
      await esperarVisivel('Total', p.getByTestId(duasColunas ? 'pdv-total' : 'pdv-resumo-total'), true);
      await esperarVisivel('Finalizar venda', finalizar, true);
      if (duasColunas) {
        await esperarVisivel('Pagamento', pagamento, true);
        await esperarVisivel('Deixar em aberto', deixar, true);
      }
      // The F-key bar on a computer (not on a phone), never over anything: scrolled to any
      // element, that element is clear.
      expect(await p.getByRole('navigation', { name: 'Atalhos do teclado' }).isVisible()).toBe(tela.width >= 768);
      await esperarVisivel('Total do painel', p.getByTestId('pdv-total'));
      for (const produto of [COLEIRA, COMEDOURO])
        await esperarVisivel(`Quantidade de ${produto.nome}`, p.getByLabel(`Quantidade de ${produto.nome}`, { exact: true }));
      // The items fit their width: nothing of a line (the quantity) needs sideways scrolling.
      const tabela = p.getByRole('table', { name: 'Itens da venda' });
      expect(
        await tabela.evaluate((t) => {
          const caixa = t.closest('.mantine-ScrollArea-viewport') ?? t.parentElement!;
          return t.scrollWidth <= caixa.clientWidth + 1;
        }),
      ).toBe(true);
      await esperarVisivel('Pagamento', pagamento);
      await esperarVisivel('Deixar em aberto', deixar);
      for (const forma of ['Dinheiro R$ 10,00', 'PIX R$ 5,00'])
        await esperarVisivel(`Excluir ${forma}`, p.getByRole('button', { name: `Excluir pagamento ${forma}` }));
      await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await foto(p, `pdv-layout-${nome}-fim`);
      await p.evaluate(() => window.scrollTo(0, 0));

      // F6: the discount window names the whole item.
      await entradaFocada(p);
      await p.keyboard.press('F6');
      const janela = p.getByRole('dialog', { name: 'Desconto (F6)' });
      await janela.waitFor();
      await foto(p, `pdv-desconto-${nome}`);
      await esperarVisivel('Item do desconto', janela.getByTestId('desconto-item'), true);
      expect(await janela.getByTestId('desconto-item').innerText()).toBe(`Item selecionado: ${COMEDOURO.nome}`);
      await p.keyboard.press('Escape');
      await janela.waitFor({ state: 'detached' });
    }, 120_000);
  }
});
