/**
 * The point of sale end to end (issue #4, "Playwright"), a cashier's day with keyboard and
 * scanner on the demo admin (who has no open register in Matriz when the demo starts):
 * open a register (F2); scan two products (digits + Enter); customer and pet (F4); 10 % off
 * (F6); part on the credit card in 3 installments and the rest in cash with change (F8);
 * finalise (F10); print (F12); the sale is in the sales list and the stock went down; return
 * one item as customer credit; a quote becomes a sale; a sale left open (F9) shows on the
 * customer; close the register counting a few reais short and see it read only.
 *
 * The `it`s run in this order on one page and build on each other (the register opened by the
 * first is the one closed by the last). Products and customer come from the demo seed
 * (apps/api/src/db/seed/demo-produtos.ts and demo-pessoas.ts, both from a fixed PRNG seed):
 * products that control stock, have stock and no lot control.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { abrirCaixaComF2, BOLA, COLEIRA, COMEDOURO, entradaFocada, escanear, KONG, type ProdutoDemo } from './pdv-support.ts';
import { ACTION_TIMEOUT_MS, describeE2E, launchBrowser, login, newPage, screenshot } from './support.ts';

const CLIENTE = 'Beatriz Pereira Moura';
const PET = 'Pingo';

const UUID = '[0-9a-f-]{36}';

/** `expect.poll` with the specs' action timeout (its own default is one second). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: ACTION_TIMEOUT_MS });

/** Visible text of a test id, once it equals `esperado`. */
const textoDe = async (page: Page, testId: string, esperado: string) =>
  poll(() => page.getByTestId(testId).innerText()).toBe(esperado);

/**
 * A full-page screenshot once the modals' transitions are over (endless spinners aside), from
 * the top of the page.
 */
const foto = async (page: Page, nome: string) => {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, nome);
};

/** Stock of a product in the selected unit, read from the "Estoque" column of /produtos/ found by barcode. */
const estoqueDe = async (page: Page, produto: ProdutoDemo): Promise<number> => {
  await page.goto('/produtos/');
  const busca = page.getByRole('searchbox', { name: 'Buscar' });
  await busca.fill(produto.gtin);
  await busca.press('Enter');
  const linha = page.getByRole('row', { name: `Editar ${produto.nome}`, exact: true });
  await linha.waitFor();
  await poll(() => page.getByRole('row', { name: /^Editar / }).count()).toBe(1);
  const cabecalhos = await page.getByRole('columnheader').allInnerTexts();
  const coluna = cabecalhos.findIndex((h) => h.trim() === 'Estoque');
  expect(coluna).toBeGreaterThanOrEqual(0);
  const texto = (await linha.getByRole('cell').nth(coluna).innerText()).trim();
  const match = /^([\d.]+) UN$/.exec(texto);
  if (!match) throw new Error(`Estoque de ${produto.nome} ilegível: "${texto}"`);
  return Number(match[1]!.replace(/\./g, ''));
};

/** F4 at the till: search the customer, Enter, then the pet's number key. */
const escolherCliente = async (page: Page, pet: string | null) => {
  const busca = page.getByLabel('Buscar cliente', { exact: true });
  await busca.waitFor();
  await page.keyboard.type(CLIENTE);
  await page
    .getByRole('listbox', { name: 'Clientes encontrados' })
    .getByRole('option', { name: new RegExp(CLIENTE) })
    .waitFor();
  await page.keyboard.press('Enter');
  const pets = page.getByRole('listbox', { name: 'Pets do cliente' });
  await pets.waitFor();
  await poll(() => pets.evaluate((el) => el === document.activeElement)).toBe(true);
  // Each option shows its key: "0 Sem pet", "1 Frida", "2 Pingo".
  const opcoes = (await pets.getByRole('option').allInnerTexts()).map((o) => o.replace(/\s+/g, ' ').trim());
  const opcao = opcoes.find((o) => o.replace(/^\d /, '') === (pet ?? 'Sem pet'));
  if (!opcao) throw new Error(`Pet ${pet} não está entre ${opcoes.join(', ')}`);
  await page.keyboard.press(opcao.charAt(0));
  await busca.waitFor({ state: 'detached' });
};

describeE2E('pdv', () => {
  let browser: Browser;
  let page: Page;
  const estoqueAntes = { kong: 0, bola: 0 };
  let vendaNumero = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await login(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens a register and sells two scanned products to a customer and pet, 10 % off, card in 3x and cash with change, then prints', async () => {
    estoqueAntes.kong = await estoqueDe(page, KONG);
    estoqueAntes.bola = await estoqueDe(page, BOLA);
    await foto(page, 'pdv-produtos-estoque-antes');

    await page.goto('/vendas/pdv/');
    await page.getByTestId('pdv-caixa-fechado').waitFor();
    await foto(page, 'pdv-caixa-fechado');

    // F2 opens the register with R$ 100,00 of float; Enter submits.
    await abrirCaixaComF2(page);

    await escanear(page, KONG);
    await escanear(page, BOLA);
    await poll(() => page.getByLabel(`Quantidade de ${KONG.nome}`).inputValue()).toBe('1');
    await textoDe(page, 'pdv-total', 'R$ 94,80');

    await page.keyboard.press('F4');
    await escolherCliente(page, PET);
    await textoDe(page, 'pdv-cliente', CLIENTE);
    await textoDe(page, 'pdv-pet', PET);

    // F6: 10 % on the whole sale.
    await entradaFocada(page);
    await page.keyboard.press('F6');
    const desconto = page.getByLabel('Desconto (%)', { exact: true });
    await desconto.waitFor();
    await poll(() => desconto.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('10');
    await textoDe(page, 'desconto-novo-total', 'R$ 85,32');
    await page.keyboard.press('Enter');
    await desconto.waitFor({ state: 'detached' });
    await textoDe(page, 'pdv-total', 'R$ 85,32');
    await textoDe(page, 'pdv-falta', 'R$ 85,32');

    // F8, 4 = Cartão de crédito: R$ 60,00 in 3 installments.
    await entradaFocada(page);
    await page.keyboard.press('F8');
    await page.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
    await page.keyboard.press('4');
    await page.getByRole('form', { name: 'Pagamento em Cartão de crédito' }).waitFor();
    const valorCartao = page.getByLabel('Valor', { exact: true });
    await valorCartao.waitFor();
    await poll(() => valorCartao.inputValue()).toBe('R$ 85,32');
    await poll(() => valorCartao.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('60');
    // Tab to the installments, 3 picks "3x de R$ 20,00", Enter confirms.
    await page.keyboard.press('Tab');
    const parcelas = page.getByLabel('Parcelas', { exact: true });
    await poll(() => parcelas.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('3');
    await poll(() => parcelas.locator('option:checked').innerText()).toBe('3x de R$ 20,00');
    await page.keyboard.press('Enter');
    // Back to the list with what is still open; 1 = Dinheiro: R$ 30,00 received, R$ 4,68 change.
    await textoDe(page, 'pagamento-aberto', 'R$ 25,32');
    await page.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
    await page.keyboard.press('1');
    await page.getByRole('form', { name: 'Pagamento em Dinheiro' }).waitFor();
    const recebido = page.getByLabel('Valor recebido', { exact: true });
    await recebido.waitFor();
    await poll(() => recebido.inputValue()).toBe('R$ 25,32');
    await poll(() => recebido.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('30');
    await textoDe(page, 'pagamento-troco', 'R$ 4,68');
    await foto(page, 'pdv-pagamento-dinheiro-troco');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Pagamento (F8)' }).waitFor({ state: 'detached' });

    await textoDe(page, 'pdv-pago', 'R$ 85,32');
    await textoDe(page, 'pdv-troco', 'R$ 4,68');
    const pagamentos = page.getByLabel('Pagamentos', { exact: true });
    await pagamentos.getByText('3x de R$ 20,00').waitFor();
    await pagamentos.getByText('recebido R$ 30,00, troco R$ 4,68').waitFor();
    await foto(page, 'pdv-venda-pronta');

    // F10 finalises; the result shows the change big.
    await page.keyboard.press('F10');
    const resultado = page.getByTestId('pdv-resultado');
    await resultado.waitFor();
    await textoDe(page, 'resultado-troco', 'R$ 4,68');
    const titulo = await resultado.getByText(/^Venda nº \d+ finalizada$/).innerText();
    vendaNumero = /nº (\d+)/.exec(titulo)![1]!;

    // F12 prints the 80 mm receipt (under automation it is loaded into a frame, without the dialog).
    const pdf = page.waitForResponse(
      (r) => /\/api\/comercial\/vendas\/[0-9a-f-]{36}\/imprimir/.test(r.url()) && r.request().method() === 'GET',
    );
    await page.keyboard.press('F12');
    const resposta = await pdf;
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toContain('application/pdf');
    await page.locator('iframe[data-pdv-recibo]').waitFor({ state: 'attached' });
    // Printing done, the focus is back on "Nova venda".
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pdv-resultado-nova');
    await foto(page, 'pdv-venda-finalizada');

    // Enter: the next sale, empty.
    await page.keyboard.press('Enter');
    await resultado.waitFor({ state: 'detached' });
    await textoDe(page, 'pdv-total', 'R$ 0,00');
    await entradaFocada(page);
  }, 120_000);

  it('lists the sale and takes its products out of stock', async () => {
    expect(vendaNumero).not.toBe('');
    await page.goto('/vendas/lista-de-vendas/');
    const linha = page.getByRole('row', { name: `Abrir venda nº ${vendaNumero}`, exact: true });
    await linha.waitFor();
    // Found by its number too.
    const busca = page.getByRole('searchbox', { name: 'Buscar' });
    await busca.fill(vendaNumero);
    await busca.press('Enter');
    await poll(() => page.getByRole('row', { name: /^Abrir venda nº / }).count()).toBe(1);
    await linha.getByText(CLIENTE).waitFor();
    await linha.getByText('R$ 85,32').first().waitFor();
    await linha.getByText('Finalizada').waitFor();
    await foto(page, 'pdv-lista-de-vendas');

    expect(await estoqueDe(page, KONG)).toBe(estoqueAntes.kong - 1);
    expect(await estoqueDe(page, BOLA)).toBe(estoqueAntes.bola - 1);
  }, 90_000);

  it('returns one item of the sale as customer credit', async () => {
    await page.goto('/vendas/lista-de-vendas/');
    await page.getByRole('button', { name: `Devolver itens da venda nº ${vendaNumero}`, exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Devolução da venda nº ${vendaNumero}` });
    await modal.waitFor();
    await modal.getByLabel(`Devolver ${BOLA.nome}`, { exact: true }).fill('1');
    await modal.getByRole('radio', { name: /Crédito para o cliente/ }).check();
    // The sale's R$ 9,48 discount is shared in proportion: the ball comes back at R$ 13,41.
    await poll(() => modal.getByLabel('Total a devolver', { exact: true }).innerText()).toBe('R$ 13,41');
    await foto(page, 'pdv-devolucao-modal');
    await modal.getByRole('button', { name: 'Confirmar devolução' }).click();

    await page.waitForURL((url) => new RegExp(`^/devolucoes/${UUID}$`).test(url.pathname));
    await page.getByRole('heading', { name: /^Devolução nº \d+$/ }).waitFor();
    await page.getByText('Crédito para o cliente').first().waitFor();
    await page.getByRole('link', { name: `Venda nº ${vendaNumero}`, exact: true }).waitFor();
    await page.getByRole('link', { name: CLIENTE, exact: true }).waitFor();
    await page.getByRole('table', { name: 'Itens devolvidos' }).getByRole('row').filter({ hasText: BOLA.nome }).waitFor();
    await poll(() => page.getByLabel('Total devolvido', { exact: true }).innerText()).toBe('R$ 13,41');
    await foto(page, 'pdv-devolucao');

    // The returned ball is back in stock; the toy is still out.
    expect(await estoqueDe(page, BOLA)).toBe(estoqueAntes.bola);
    expect(await estoqueDe(page, KONG)).toBe(estoqueAntes.kong - 1);
  }, 90_000);

  it('saves a quote and turns it into a sale', async () => {
    await page.goto('/vendas/pdv/');
    await page.getByRole('tab', { name: 'Orçamento' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'orcamento');
    await page.getByRole('heading', { name: /^Orçamento/ }).waitFor();
    // The click left the focus on the tab: F3 brings it back to the product input.
    await page.keyboard.press('F3');
    await escanear(page, COLEIRA);
    await textoDe(page, 'pdv-total', 'R$ 21,90');
    await page.keyboard.press('F10');
    const resultado = page.getByTestId('pdv-resultado');
    await resultado.waitFor();
    const titulo = await resultado.getByText(/^Orçamento nº \d+ salvo$/).innerText();
    const orcamentoNumero = /nº (\d+)/.exec(titulo)![1]!;
    await page.keyboard.press('Enter');
    await resultado.waitFor({ state: 'detached' });

    const orcamentos = page.getByRole('table', { name: 'Orçamentos' });
    const linha = orcamentos.getByRole('row').filter({ has: page.getByRole('cell', { name: orcamentoNumero, exact: true }) });
    await linha.getByText('R$ 21,90').waitFor();
    await foto(page, 'pdv-orcamentos');
    await linha.getByRole('button', { name: 'Transformar em venda' }).click();

    // The new sale opens at the till with the quote's item; pay by PIX (2) and finalise.
    await page.waitForURL((url) => new RegExp(`^/vendas/pdv/${UUID}$`).test(url.pathname));
    const aviso = await page.getByText(/^Orçamento transformado na venda nº \d+$/).innerText();
    const vendaDoOrcamento = /nº (\d+)$/.exec(aviso)![1]!;
    await page.getByRole('heading', { name: `Venda nº ${vendaDoOrcamento}`, exact: true }).waitFor();
    await page.getByRole('table', { name: 'Itens da venda' }).getByRole('row').filter({ hasText: COLEIRA.nome }).waitFor();
    await textoDe(page, 'pdv-total', 'R$ 21,90');
    await entradaFocada(page);
    await page.keyboard.press('F8');
    await page.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
    await page.keyboard.press('2');
    await page.getByRole('form', { name: 'Pagamento em PIX' }).waitFor();
    const valor = page.getByLabel('Valor', { exact: true });
    await valor.waitFor();
    await poll(() => valor.inputValue()).toBe('R$ 21,90');
    await page.keyboard.press('Enter');
    await valor.waitFor({ state: 'detached' });
    await textoDe(page, 'pdv-falta', 'R$ 0,00');
    await page.keyboard.press('F10');
    await page.getByTestId('pdv-resultado').getByText(`Venda nº ${vendaDoOrcamento} finalizada`, { exact: true }).waitFor();
    await foto(page, 'pdv-orcamento-vendido');
    await page.keyboard.press('Enter');

    // The quote now shows as converted.
    await page.goto('/vendas/pdv/?tab=orcamento');
    const convertido = page
      .getByRole('table', { name: 'Orçamentos' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: orcamentoNumero, exact: true }) });
    await convertido.getByText('Convertido').waitFor();
    expect(await convertido.getByRole('button', { name: 'Transformar em venda' }).count()).toBe(0);
  }, 90_000);

  it('leaves a sale open for the customer (F9) and shows it on the customer’s open sales', async () => {
    await page.goto('/vendas/pdv/');
    await page.getByRole('heading', { name: 'Ponto de venda' }).waitFor();
    await escanear(page, COMEDOURO);
    await textoDe(page, 'pdv-total', 'R$ 26,90');
    // Without a customer F9 asks for one first.
    await page.keyboard.press('F9');
    await page.getByText('Informe o cliente para deixar a venda em aberto').waitFor();
    await escolherCliente(page, null);
    await textoDe(page, 'pdv-cliente', CLIENTE);
    await page.keyboard.press('F9');
    const resultado = page.getByTestId('pdv-resultado');
    await resultado.waitFor();
    const titulo = await resultado.getByText(/^Venda nº \d+ deixada em aberto$/).innerText();
    const abertaNumero = /nº (\d+)/.exec(titulo)![1]!;
    await resultado.getByText(`${CLIENTE} deve R$ 26,90 de R$ 26,90.`, { exact: false }).waitFor();
    await foto(page, 'pdv-venda-deixada-em-aberto');
    await page.keyboard.press('Enter');
    await resultado.waitFor({ state: 'detached' });

    await page.goto('/clientes/');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(CLIENTE);
    await page.getByRole('row', { name: `Abrir ${CLIENTE}`, exact: true }).click();
    await page.waitForURL((url) => new RegExp(`^/clientes/${UUID}/?$`).test(url.pathname));
    await page.getByRole('tab', { name: 'Vendas em aberto' }).click();
    const linha = page.getByRole('table', { name: 'Vendas em aberto' }).getByRole('row', {
      name: `Abrir venda nº ${abertaNumero}`,
      exact: true,
    });
    await linha.waitFor();
    await poll(async () => (await linha.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual([
      abertaNumero,
      expect.any(String),
      '1',
      'R$ 26,90',
      'R$ 0,00',
      'R$ 26,90',
    ]);
    await foto(page, 'pdv-cliente-vendas-em-aberto');
  }, 90_000);

  it('closes the register counting cash short, shows the difference and leaves it read only', async () => {
    await page.goto('/vendas/movimentacoes-caixa/');
    const meuCaixa = page.getByRole('region', { name: 'Meu caixa' });
    const tituloCaixa = await meuCaixa.getByRole('heading', { name: /^Meu caixa: nº \d+$/ }).innerText();
    const caixaNumero = /nº (\d+)/.exec(tituloCaixa)![1]!;
    // Float R$ 100,00 + R$ 25,32 of the cash payment (R$ 30,00 received, R$ 4,68 change).
    await poll(() => meuCaixa.getByLabel('Dinheiro em caixa', { exact: true }).innerText()).toBe('R$ 125,32');
    await meuCaixa.getByRole('button', { name: 'Fechar caixa' }).click();

    await page.waitForURL((url) => new RegExp(`^/vendas/movimentacoes-caixa/${UUID}$`).test(url.pathname));
    const form = page.getByRole('form', { name: 'Fechar caixa' });
    await form.waitFor();
    const linhas = form.getByRole('row').filter({ has: page.getByLabel(/^Contado em /) });
    await poll(() => linhas.count()).toBeGreaterThan(0);
    // Every counted method as expected except cash, counted R$ 5,32 short.
    for (const linha of await linhas.all()) {
      const campo = linha.getByLabel(/^Contado em /);
      const nome = (await campo.getAttribute('aria-label'))!.replace(/^Contado em /, '');
      const esperado = (await linha.getByRole('cell').nth(1).innerText()).trim();
      if (nome === 'Dinheiro') {
        expect(esperado).toBe('R$ 125,32');
        // Typed key by key the pt-BR way (issue #15): 1.151,00 is R$ 1.151,00, not R$ 1,15.
        await campo.pressSequentially('1.151,00');
        await poll(() => form.getByLabel('Diferença em Dinheiro', { exact: true }).innerText()).toBe('+R$ 1.025,68');
        await campo.fill('120');
      } else await campo.fill(esperado.replace('R$ ', ''));
    }
    await poll(() => form.getByLabel('Diferença em Dinheiro', { exact: true }).innerText()).toBe('-R$ 5,32');
    await poll(() => form.getByLabel('Diferença total', { exact: true }).innerText()).toBe('-R$ 5,32');
    await form.getByText('Falta R$ 5,32 em relação ao esperado.').waitFor();
    await foto(page, 'pdv-fechar-caixa');
    await form.getByRole('button', { name: 'Fechar caixa' }).click();
    const confirmacao = page.getByRole('dialog', { name: `Fechar o caixa nº ${caixaNumero}?` });
    await confirmacao.getByText('Contado R$').waitFor();
    await confirmacao.getByRole('button', { name: 'Confirmar fechamento' }).click();

    // Closed: the difference is shown, no form and no actions any more.
    await form.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: new RegExp(`^Caixa nº ${caixaNumero}\\s*Fechado$`) }).waitFor();
    const quebra = page.getByText('Quebra de caixa (dinheiro)').locator('..');
    await poll(() => quebra.innerText()).toContain('-R$ 5,32');
    const conferencia = page.getByRole('region', { name: 'Conferência por forma de pagamento' });
    await poll(async () =>
      (
        await conferencia
          .getByRole('row')
          .filter({ hasText: /^Dinheiro/ })
          .getByRole('cell')
          .allInnerTexts()
      ).map((t) => t.trim()),
    ).toEqual(['Dinheiro', 'R$ 125,32', 'R$ 0,00', 'R$ 125,32', 'R$ 120,00', '-R$ 5,32']);
    expect(await page.getByRole('button', { name: 'Fechar caixa' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sangria' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: `Ações do caixa nº ${caixaNumero}` }).count()).toBe(0);
    await foto(page, 'pdv-caixa-fechado-diferenca');

    // The list shows it closed with the difference, and the till asks to open a register again.
    await page.goto('/vendas/movimentacoes-caixa/');
    const linha = page.getByRole('row', { name: `Caixa nº ${caixaNumero}`, exact: true });
    await linha.getByText('Fechado').waitFor();
    await linha.getByText('-R$ 5,32').waitFor();
    await page.getByRole('region', { name: 'Meu caixa' }).getByText('Você não tem caixa aberto nesta unidade').waitFor();
    await page.goto('/vendas/pdv/');
    await page.getByTestId('pdv-caixa-fechado').waitFor();
  }, 90_000);
});
