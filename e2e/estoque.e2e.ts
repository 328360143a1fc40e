/**
 * Stock end to end (issue #5, "Playwright: open a bag into kg; count stock with the scanner"),
 * on the demo admin in Matriz:
 * - a 15 kg bag (SC) with its KG bulk counterpart, set up through the API with 3 bags in stock,
 *   is opened from /produtos/ajuste-estoque/: 2 SC and 15 KG remain, on screen and in the API;
 * - an inventory count with the scanner: the barcode typed fast + Enter three times counts 3
 *   of a product that had 5; with a reason the count is applied, the balance is 3 and the
 *   ledger shows the −2 adjustment; the position report lists the product with its balance.
 * Products are made by each run (unique names and barcodes), so nothing depends on the demo
 * catalogue and the other specs' products are left alone.
 */
import { gtinCheckDigit } from '@petshop/shared/produto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  callApi,
  DESKTOP_VIEWPORT,
  describeE2E,
  expectNoSidewaysScroll,
  expectOnScreen,
  expectTableReadable,
  it,
  login,
  MOBILE_VIEWPORT,
  newPage,
  ok,
  poll,
  screenshot,
  scrollsSideways,
  settledScreenshot,
  type ApiPage,
} from './support.ts';

const LEITOR = 'Código de barras, código ou nome';

type Unidade = { id: string; sigla: string };
type Posicao = { produtoId: string; quantidade: number };

const unidade = async (page: Page, sigla: string): Promise<string> => {
  const lista = await ok(callApi<ApiPage<Unidade>>(page, 'GET', `/api/inventario/unidades-medida?query=${sigla}&pageSize=100`));
  const u = lista.items.find((x) => x.sigla === sigla);
  if (!u) throw new Error(`Unidade ${sigla} não encontrada`);
  return u.id;
};

const saldo = async (page: Page, produtoId: string): Promise<number> => {
  const p = await ok(callApi<ApiPage<Posicao>>(page, 'GET', `/api/estoques?produtoId=${produtoId}`));
  return p.items[0]!.quantidade;
};

/** A GTIN-13 no other product has: 789 + 9 digits of the clock and chance + check digit. */
const novoGtin = (): string => {
  const corpo = `789${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return `${corpo}${gtinCheckDigit(corpo)}`;
};

describeE2E('estoque', () => {
  const sufixo = Date.now().toString(36).slice(-5).toUpperCase();

  it('opens a 15 kg bag into its bulk counterpart: 2 SC and 15 KG remain', async ({ page }) => {
    const [sc, kg] = await Promise.all([unidade(page, 'SC'), unidade(page, 'KG')]);
    const granel = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/inventario/produtos', {
        nome: `Ração E2E ${sufixo} a Granel`,
        unidadeMedidaId: kg,
        precoCusto: 10,
        precoVenda: 16,
      }),
    );
    const saco = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/inventario/produtos', {
        nome: `Ração E2E ${sufixo} 15 kg`,
        unidadeMedidaId: sc,
        precoCusto: 150,
        precoVenda: 219.9,
        granel: { produtoGranelId: granel.id, fatorConversao: 15 },
      }),
    );
    await ok(
      callApi(page, 'POST', '/api/estoque/ajuste', {
        modo: 'entrada',
        motivo: 'Estoque inicial do teste',
        itens: [{ produtoId: saco.id, quantidade: 3 }],
      }),
    );
    expect(await saldo(page, saco.id)).toBe(3);

    await page.goto('/produtos/ajuste-estoque/');
    await page.getByRole('button', { name: 'Abrir embalagem para granel' }).click();
    const modal = page.getByRole('dialog', { name: 'Abrir embalagem para granel' });
    await modal.waitFor();
    await modal.getByRole('combobox', { name: 'Produto embalado' }).fill(`Ração E2E ${sufixo} 15`);
    await page.getByRole('option', { name: new RegExp(`Ração E2E ${sufixo} 15 kg — 3 SC`) }).click();
    await modal.getByText(`1 SC de Ração E2E ${sufixo} 15 kg = 15 KG de Ração E2E ${sufixo} a Granel`).waitFor();
    await poll(() => modal.getByLabel('Prévia da conversão').innerText()).toBe(
      `Sai 1 SC de Ração E2E ${sufixo} 15 kg; entra 15 KG de Ração E2E ${sufixo} a Granel.`,
    );
    await settledScreenshot(page, 'estoque-granel-abrir');
    await modal.getByRole('button', { name: 'Abrir embalagem' }).click();

    const resultado = page.getByTestId('granel-resultado');
    await resultado.waitFor();
    await poll(() => resultado.getByLabel(`Novo saldo de Ração E2E ${sufixo} 15 kg`).innerText()).toBe('2 SC');
    await poll(() => resultado.getByLabel(`Novo saldo de Ração E2E ${sufixo} a Granel`).innerText()).toBe('15 KG');
    await settledScreenshot(page, 'estoque-granel-resultado');
    expect(await saldo(page, saco.id)).toBe(2);
    expect(await saldo(page, granel.id)).toBe(15);
  }, 120_000);

  it('counts a product with the scanner and applies the count: 5 become 3, and the ledger shows −2', async ({ page }) => {
    const un = await unidade(page, 'UN');
    const gtin = novoGtin();
    const nome = `Petisco E2E ${sufixo}`;
    const produto = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/inventario/produtos', {
        nome,
        codigoBarras: gtin,
        unidadeMedidaId: un,
        precoCusto: 4,
        precoVenda: 7.9,
        estoqueMinimo: 4,
      }),
    );
    await ok(
      callApi(page, 'POST', '/api/estoque/ajuste', {
        modo: 'entrada',
        motivo: 'Estoque inicial do teste',
        itens: [{ produtoId: produto.id, quantidade: 5 }],
      }),
    );

    await page.goto('/produtos/ajuste-estoque/');
    const leitor = page.getByLabel(LEITOR, { exact: true });
    await leitor.waitFor();
    await poll(() => leitor.evaluate((el) => el === document.activeElement)).toBe(true);
    // Like a barcode scanner: the digits fast, then Enter; three reads of the same item.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.type(gtin, { delay: 5 });
      await page.keyboard.press('Enter');
    }
    const itens = page.getByRole('table', { name: 'Itens do ajuste' });
    await poll(() => itens.getByLabel(`Contado de ${nome}`).inputValue()).toBe('3');
    await poll(() => itens.getByLabel(`Diferença de ${nome}`).innerText()).toBe('−2 UN');
    await poll(() => leitor.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Motivo', { exact: false }).fill('Inventário E2E');
    await settledScreenshot(page, 'estoque-contagem-leitor');

    await page.getByRole('button', { name: 'Aplicar ajuste' }).click();
    const confirmar = page.getByRole('button', { name: 'Aplicar (Enter)' });
    await confirmar.waitFor();
    await poll(() => confirmar.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const resultado = page.getByTestId('ajuste-resultado');
    await resultado.waitFor();
    await poll(() => resultado.getByLabel(`Saldo atual de ${nome}`).innerText()).toBe('3 UN');
    await settledScreenshot(page, 'estoque-contagem-aplicada');
    expect(await saldo(page, produto.id)).toBe(3);

    // The ledger of the product: the count's −2 on top, the opening +5 under it.
    await resultado.getByRole('link', { name: 'Ver movimentações' }).click();
    await page.waitForURL(/\/relatorios\/movimentacoes-estoque/);
    await page.goto(`/relatorios/movimentacoes-estoque?produtoId=${produto.id}`);
    const linhas = page.getByRole('row').filter({ hasText: nome });
    await poll(() => linhas.count()).toBe(2);
    await poll(() => linhas.first().innerText()).toMatch(/ajuste de saída[\s\S]*−2 UN[\s\S]*3 UN/i);
    await poll(() => linhas.nth(1).innerText()).toMatch(/ajuste de entrada[\s\S]*\+5 UN[\s\S]*5 UN/i);
    await settledScreenshot(page, 'estoque-movimentacoes');

    // The position: found by its barcode, below its minimum of 4.
    await page.goto('/relatorios/posicao-estoque');
    const busca = page.getByRole('searchbox', { name: 'Buscar' });
    await busca.fill(gtin);
    await busca.press('Enter');
    const linha = page.getByRole('row', { name: `Movimentações de ${nome}`, exact: true });
    await linha.waitFor();
    await poll(() => linha.innerText()).toMatch(/3 UN[\s\S]*abaixo do mínimo/i);
    await busca.fill('');
    await busca.press('Enter');
    await page.getByRole('region', { name: 'Totais do estoque' }).getByLabel('Valor total do estoque').waitFor();
    await settledScreenshot(page, 'estoque-posicao');
    // The same screen on a phone: the count table scrolls, the scanner field stays on top.
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto('/produtos/ajuste-estoque/');
    await leitor.waitFor();
    await poll(() => leitor.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(gtin, { delay: 5 });
    await page.keyboard.press('Enter');
    await poll(() => itens.getByLabel(`Contado de ${nome}`).inputValue()).toBe('1');
    // The scanner field on the screen and above the table; the table wider than the phone
    // scrolls in its own box, the count and the difference reached there; the page does not.
    await expectOnScreen(leitor, LEITOR);
    const [caixaLeitor, caixaItens] = [(await leitor.boundingBox())!, (await itens.boundingBox())!];
    expect(caixaLeitor.y + caixaLeitor.height).toBeLessThanOrEqual(caixaItens.y);
    expect(await scrollsSideways(itens)).toBe(true);
    await expectTableReadable(itens, 'Itens do ajuste');
    await expectOnScreen(itens.getByLabel(`Contado de ${nome}`), `Contado de ${nome}`);
    await expectOnScreen(itens.getByLabel(`Diferença de ${nome}`), `Diferença de ${nome}`);
    await expectNoSidewaysScroll(page);
    await settledScreenshot(page, 'estoque-contagem-mobile');
    await page.setViewportSize(DESKTOP_VIEWPORT);
  }, 120_000);

  it('reaches the stock screens from the products, a product form and the reports', async ({ page }) => {
    await page.goto('/produtos/');
    await page.getByRole('heading', { name: 'Produtos' }).waitFor();
    await page.getByRole('link', { name: 'Posição de estoque' }).waitFor();
    await page.getByRole('link', { name: 'Ajuste de estoque' }).waitFor();
    await settledScreenshot(page, 'estoque-produtos-botoes');

    // A demo product with lots: its form shows the balance, the lots and the way to its movements.
    const lotes = await ok(
      callApi<ApiPage<{ produtoId: string; produtoNome: string; numero: string }>>(
        page,
        'GET',
        '/api/estoques/lotes?diasVencimento=120',
      ),
    );
    expect(lotes.items.length).toBeGreaterThan(0);
    const lote = lotes.items[0]!;
    await page.goto(`/produtos/form/${lote.produtoId}`);
    await page.getByRole('tab', { name: 'Estoque' }).click();
    const saldoProduto = page.getByRole('region', { name: 'Estoque nesta unidade' });
    await saldoProduto.getByLabel('Saldo em estoque').waitFor();
    await saldoProduto.getByRole('table', { name: 'Lotes em estoque' }).getByText(lote.numero).waitFor();
    await settledScreenshot(page, 'estoque-produto-lotes');
    await saldoProduto.getByRole('link', { name: 'Movimentações' }).click();
    await page.waitForURL(new RegExp(`/relatorios/movimentacoes-estoque\\?produtoId=${lote.produtoId}`));
    await page.getByRole('row').filter({ hasText: lote.produtoNome }).first().waitFor();

    await page.goto('/relatorios/');
    await page.getByRole('link', { name: 'Movimentações de estoque' }).waitFor();
    await settledScreenshot(page, 'estoque-relatorios');
  }, 60_000);

  it('a cashier (no stock permission) cannot open the adjustment nor the purchases, but sees the position', async ({
    browser,
  }) => {
    const caixa = await newPage(browser);
    await login(caixa, 'caixa@demo.com.br', 'demo1234');
    await caixa.goto('/produtos/ajuste-estoque/');
    await caixa.getByText('Seu perfil nesta unidade não tem acesso a esta área').first().waitFor();
    expect(await caixa.getByLabel(LEITOR, { exact: true }).count()).toBe(0);
    await screenshot(caixa, 'estoque-ajuste-sem-acesso');
    await caixa.goto('/compras/');
    await caixa.getByText('Seu perfil nesta unidade não tem acesso a esta área').first().waitFor();
    // The position is open to whoever sees the catalogue, without the adjustment buttons.
    await caixa.goto('/relatorios/posicao-estoque');
    await caixa.getByRole('heading', { name: 'Posição de estoque' }).waitFor();
    await caixa.getByRole('region', { name: 'Totais do estoque' }).getByLabel('Produtos').waitFor();
    expect(await caixa.getByRole('link', { name: 'Ajuste de estoque' }).count()).toBe(0);
    await caixa.context().close();
  }, 60_000);
});
