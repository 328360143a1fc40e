/**
 * Finance overview, accounts and recurrences end to end (issue #6: "transfer between accounts
 * and see both balances"; screens /financeiro/, /financeiro/contas/, /financeiro/recorrencias/),
 * on the demo admin in Matriz: the overview shows each account's balance and the cash-flow
 * chart, and "Saldo previsto no fim do mês" with its sum saldo + a receber − a pagar, each term
 * the total of the list it links to (issue #15 item 1); a transfer of R$ 100,00 from the bank account to the cash account changes both
 * balances by that amount (and not the total); a monthly recurrence created on the screen
 * generates its payables ahead, listed in /financeiro/despesas?recorrenciaId=….
 */
import type { ResumoFinanceiro } from '@petshop/shared/financeiro';
import { formatDate, formatMoney, fromCents, parseBrazilianNumber, todayISO, toCents } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  callApi,
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
  scrollsSideways,
  settledScreenshot,
  type ApiPage,
} from './support.ts';

type SaldoContas = { contas: { id: string; nome: string; saldo: number }[]; total: number };

/** 'R$ 1.234,56' / '-R$ 10,00' → reais. */
const reais = (texto: string): number => parseBrazilianNumber(texto) ?? Number.NaN;

/** Today in São Paulo (the demo unit's zone), 'yyyy-MM-dd', plus `dias`. */
const diaSP = (dias = 0): string => addDays(todayISO('America/Sao_Paulo'), dias);

/** Picks `opcao` in the Mantine Select labelled `label` inside `escopo`. */
const escolher = async (page: Page, escopo: Locator, label: string, opcao: RegExp) => {
  await escopo.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: opcao }).locator('visible=true').first().click();
};

describeE2E('financeiro: visão geral, contas e recorrências', () => {
  const sufixo = Date.now().toString(36).slice(-5).toUpperCase();

  it('shows each account balance, the to-receive/to-pay cards and the cash-flow chart on /financeiro/', async ({
    page,
    browser,
  }) => {
    const saldos = await ok(callApi<SaldoContas>(page, 'GET', '/api/financeiro/contas/saldo'));
    expect(saldos.contas.length).toBeGreaterThanOrEqual(2);

    await page.goto('/financeiro/');
    await page.getByRole('heading', { name: 'Financeiro', exact: true }).waitFor();
    const total = page.getByLabel('Saldo total');
    await total.waitFor();
    expect(reais(await total.innerText())).toBeCloseTo(saldos.total, 2);
    for (const conta of saldos.contas) {
      const linha = page.getByLabel(`Saldo de ${conta.nome}`, { exact: true });
      await poll(async () => reais((await linha.innerText()).split('\n').at(-1)!)).toBeCloseTo(conta.saldo, 2);
    }
    await page.getByLabel('A receber: Vencido').waitFor();
    await page.getByLabel('A pagar: Próximos 30 dias').waitFor();
    // The chart (or, with nothing in the month, its empty state) and the DRE table.
    await page.locator('.recharts-surface, :text("Sem movimento neste mês")').first().waitFor();
    await page.getByRole('table', { name: 'DRE' }).or(page.getByText('Sem receitas nem despesas no período')).first().waitFor();
    expect(await page.getByRole('tab', { name: 'Visão geral' }).getAttribute('aria-current')).toBe('page');
    await settledScreenshot(page, 'financeiro-visao-geral');

    // On a phone: cards stacked, tabs and tables scroll sideways, nothing overflows the page.
    const celular = await newPage(browser, { viewport: MOBILE_VIEWPORT });
    await login(celular);
    await celular.goto('/financeiro/');
    await celular.getByLabel('Saldo total').waitFor();
    await celular.locator('.recharts-surface, :text("Sem movimento neste mês")').first().waitFor();
    expect(await celular.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    // The three cards one under the other, each the width of the screen's column.
    const cartoes = await Promise.all(
      ['Saldo em contas', 'A receber', 'A pagar'].map((nome) =>
        celular.getByRole('region', { name: nome, exact: true }).boundingBox(),
      ),
    );
    for (const [i, cartao] of cartoes.entries()) {
      expect(cartao).not.toBeNull();
      expect(cartao!.x).toBeCloseTo(cartoes[0]!.x, 0);
      expect(cartao!.width).toBeGreaterThan(MOBILE_VIEWPORT.width * 0.9);
      if (i > 0) expect(cartao!.y).toBeGreaterThanOrEqual(cartoes[i - 1]!.y + cartoes[i - 1]!.height);
    }
    // The tabs and the DRE scroll sideways in their own box, every tab and column reached there.
    const abas = celular.getByRole('tablist');
    expect(await scrollsSideways(abas)).toBe(true);
    for (const aba of await abas.getByRole('tab').all()) await expectOnScreen(aba, `aba ${await aba.innerText()}`);
    const dre = celular.getByRole('table', { name: 'DRE' });
    await dre.or(celular.getByText('Sem receitas nem despesas no período')).first().waitFor();
    if ((await dre.count()) > 0) {
      expect(await scrollsSideways(dre)).toBe(true);
      await expectTableReadable(dre, 'DRE');
    }
    await expectNoSidewaysScroll(celular);
    await settledScreenshot(celular, 'financeiro-visao-geral-mobile');
    await celular.context().close();

    // "Saldo previsto no fim do mês" = saldo + a receber − a pagar, the sum on the screen (issue #15 item 1).
    const resumo = await ok(callApi<ResumoFinanceiro>(page, 'GET', '/api/financeiro/resumo'));
    const previsto = resumo.saldoPrevisto!;
    expect(previsto.valor).toBe(fromCents(toCents(previsto.saldoAtual) + toCents(previsto.aReceber) - toCents(previsto.aPagar)));
    expect(previsto.saldoAtual).toBeCloseTo(saldos.total, 2);
    const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
    /** The value after `prefixo` ('R$' or 'líquido de taxas R$') in a figure's text, in reais. */
    const valorApos = (textoFigura: string, prefixo: string) => {
      const achado = new RegExp(`${prefixo}\\s*(-?[\\d.]+,\\d{2})`).exec(nbsp(textoFigura));
      return achado ? reais(achado[1]!) : Number.NaN;
    };
    await poll(async () => valorApos(await page.getByLabel('Saldo previsto no fim do mês').innerText(), 'R\\$')).toBeCloseTo(
      previsto.valor,
      2,
    );
    const calculo = page.getByLabel('Cálculo do saldo previsto');
    const textoCalculo = nbsp(await calculo.innerText());
    expect(textoCalculo).toContain(
      nbsp(
        `saldo em contas hoje ${formatMoney(previsto.saldoAtual)} + a receber ${formatMoney(previsto.aReceber)} − a pagar ${formatMoney(previsto.aPagar)} = ${formatMoney(previsto.valor)}`,
      ),
    );
    await calculo.scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'financeiro-saldo-previsto');
    // Each term links to its list with the same filters, whose totals say the same.
    await calculo.getByRole('link', { name: /a pagar/ }).click();
    await page.waitForURL(/\/financeiro\/despesas\?.*dataInicio=/);
    const totais = page.getByRole('group', { name: 'Totais da lista' });
    await poll(async () => valorApos(await totais.getByLabel('Em aberto').innerText(), 'R\\$')).toBeCloseTo(previsto.aPagar, 2);
    await page.goBack();
    await calculo.getByRole('link', { name: /a receber/ }).click();
    await page.waitForURL(/\/financeiro\/receitas\?.*dataInicio=/);
    await poll(async () => {
      const figura = await totais.getByLabel('Em aberto').innerText();
      return figura.includes('líquido de taxas') ? valorApos(figura, 'líquido de taxas R\\$') : valorApos(figura, 'R\\$');
    }).toBeCloseTo(previsto.aReceber, 2);
    await settledScreenshot(page, 'financeiro-saldo-previsto-receitas');
    await page.goto('/financeiro/');
    await page.getByLabel('A pagar: Vencido').waitFor();

    // "Vencido" of the payables opens the filtered list.
    await page.getByLabel('A pagar: Vencido').getByRole('link', { name: 'Vencido' }).click();
    await page.waitForURL(/\/financeiro\/despesas\?.*status=/);
    expect(decodeURIComponent(page.url())).toContain('Vencida');
  });

  it('transfers R$ 100,00 from the bank account to the cash account: both balances move by it, the total does not', async ({
    page,
  }) => {
    const antes = await ok(callApi<SaldoContas>(page, 'GET', '/api/financeiro/contas/saldo'));
    const banco = antes.contas.find((c) => c.nome === 'Conta bancária')!;
    const caixa = antes.contas.find((c) => c.nome === 'Caixa')!;
    expect(banco && caixa).toBeTruthy();

    await page.goto('/financeiro/contas/');
    await page.getByRole('heading', { name: 'Contas', exact: true }).waitFor();
    const saldoBanco = page.getByTestId('saldo-Conta bancária');
    const saldoCaixa = page.getByTestId('saldo-Caixa');
    await poll(async () => reais(await saldoBanco.innerText())).toBeCloseTo(banco.saldo, 2);
    await poll(async () => reais(await saldoCaixa.innerText())).toBeCloseTo(caixa.saldo, 2);
    await page.getByRole('table', { name: 'Extrato' }).waitFor();

    await page.getByRole('button', { name: 'Transferir', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Transferir entre contas' });
    await modal.waitFor();
    await escolher(page, modal, 'Conta de origem', /^Conta bancária/);
    await escolher(page, modal, 'Conta de destino', /^Caixa/);
    await modal.getByLabel('Valor', { exact: true }).fill('100');
    await modal.getByLabel('Descrição', { exact: true }).fill(`Troco E2E ${sufixo}`);
    await settledScreenshot(page, 'financeiro-transferir');
    await modal.getByRole('button', { name: 'Transferir', exact: true }).dblclick();
    await modal.waitFor({ state: 'detached' });

    await poll(async () => reais(await saldoBanco.innerText())).toBeCloseTo(banco.saldo - 100, 2);
    await poll(async () => reais(await saldoCaixa.innerText())).toBeCloseTo(caixa.saldo + 100, 2);
    await poll(async () => reais(await page.getByLabel('Saldo total').innerText())).toBeCloseTo(antes.total, 2);
    // Moved once, even after a double click.
    const depois = await ok(callApi<SaldoContas>(page, 'GET', '/api/financeiro/contas/saldo'));
    expect(depois.contas.find((c) => c.id === banco.id)!.saldo).toBeCloseTo(banco.saldo - 100, 2);
    expect(depois.contas.find((c) => c.id === caixa.id)!.saldo).toBeCloseTo(caixa.saldo + 100, 2);

    // The destination's statement shows the transfer with its running balance.
    await page.getByRole('button', { name: /^Caixa / }).click();
    const linha = page
      .getByRole('table', { name: 'Extrato' })
      .getByRole('row')
      .filter({ hasText: `Troco E2E ${sufixo}` });
    await linha.waitFor();
    expect(await linha.innerText()).toContain('+ R$ 100,00');
    expect(await linha.innerText()).toMatch(/transferência/i);
    await settledScreenshot(page, 'financeiro-contas-extrato');
  });

  it('creates a monthly recurrence whose payables are generated ahead and listed by recurrence', async ({ page }) => {
    const descricao = `Aluguel E2E ${sufixo}`;
    const inicio = diaSP(5);
    await page.goto('/financeiro/recorrencias/');
    await page.getByRole('heading', { name: 'Recorrências', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Nova recorrência' }).click();
    const modal = page.getByRole('dialog', { name: 'Nova recorrência' });
    await modal.waitFor();
    await modal.getByLabel('Descrição', { exact: true }).fill(descricao);
    await modal.getByLabel('Valor', { exact: true }).fill('1500');
    await modal.getByLabel('Primeiro vencimento', { exact: true }).fill(formatDate(inicio));
    await modal.getByLabel('Primeiro vencimento', { exact: true }).press('Tab');
    await escolher(page, modal, 'Categoria', /Aluguel/);
    const previa = modal.getByLabel('Próximos vencimentos');
    await previa.getByText(formatDate(inicio)).waitFor();
    await settledScreenshot(page, 'financeiro-recorrencia-nova');
    await modal.getByRole('button', { name: 'Criar recorrência' }).click();
    await modal.waitFor({ state: 'detached' });

    const linha = page.getByRole('row', { name: descricao });
    await linha.waitFor();
    expect(await linha.innerText()).toContain(formatDate(inicio));
    expect(await linha.innerText()).toContain('R$ 1.500,00');
    expect(await linha.innerText()).toMatch(/\bativa\b/i);
    await settledScreenshot(page, 'financeiro-recorrencias');

    const lista = await ok(
      callApi<ApiPage<{ id: string; geradas: number }>>(
        page,
        'GET',
        `/api/financeiro/recorrencias?query=${encodeURIComponent(descricao)}`,
      ),
    );
    expect(lista.items).toHaveLength(1);
    const recorrencia = lista.items[0]!;
    expect(recorrencia.geradas).toBeGreaterThanOrEqual(2);
    const despesas = await ok(
      callApi<ApiPage<{ dataVencimento: string; valor: number; descricao: string }>>(
        page,
        'GET',
        `/api/financeiro/despesas?recorrenciaId=${recorrencia.id}&pageSize=100`,
      ),
    );
    expect(despesas.total).toBe(recorrencia.geradas);
    expect(despesas.items.map((d) => d.dataVencimento).sort()[0]).toBe(inicio);
    expect(despesas.items.every((d) => d.valor === 1500)).toBe(true);

    // "Ver despesas geradas" opens the payables of this recurrence.
    await linha.getByRole('button', { name: `Ações de ${descricao}` }).click();
    await page.getByRole('menuitem', { name: 'Ver despesas geradas' }).click();
    await page.waitForURL(new RegExp(`/financeiro/despesas\\?.*recorrenciaId=${recorrencia.id}`));
    await page.getByText(formatDate(inicio)).first().waitFor();
    await settledScreenshot(page, 'financeiro-recorrencia-despesas');
  });
});
