/**
 * Blind register closing and the printed closing report and return receipt (issue #15), end to
 * end on the demo data: the administrator turns on "Fechamento de caixa cego" for Matriz in
 * the unit form; the demo cashier (caixa@demo.com.br, whose register of today is open in
 * Matriz) closes it counting without ever seeing the expected amount — neither on the screen
 * nor from the API — sees "Caixa fechado" without the difference and prints the closing report
 * (a PDF); the administrator sees expected, counted and difference on the closed register and
 * prints it in A4; a return's receipt prints from its page.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callApi, describeE2E, launchBrowser, login, newPage, ok, poll, screenshot, DEMO_SENHA } from './support.ts';

const CAIXA_EMAIL = 'caixa@demo.com.br';
const UUID = '[0-9a-f-]{36}';

type CaixaApi = {
  id: string;
  numero: number;
  status: string;
  fechamentoCego: boolean;
  valorEsperado: number | null;
  valorContado: number | null;
  diferenca: number | null;
  saldoDinheiro: number | null;
  totaisPorForma: { nome: string; esperado: number | null }[];
};

/** Waits for the GET of a PDF whose path ends with `/imprimir` (with `formato` when given) while `acao` runs. */
const pdfDe = async (page: Page, acao: () => Promise<void>, formato?: string): Promise<Response> => {
  const [resposta] = await Promise.all([
    page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.endsWith('/imprimir') &&
        (formato === undefined
          ? !new URL(r.url()).searchParams.has('formato')
          : new URL(r.url()).searchParams.get('formato') === formato),
    ),
    acao(),
  ]);
  return resposta;
};

const esperarPdf = async (resposta: Response) => {
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toBe('application/pdf');
  const corpo = await resposta.body();
  expect(corpo.subarray(0, 5).toString()).toBe('%PDF-');
};

describeE2E('caixa: fechamento cego e impressões', () => {
  let browser: Browser;
  let admin: Page;
  let caixa: Page;
  let caixaId = '';
  let caixaNumero = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser);
    await login(admin);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the administrator turns on "Fechamento de caixa cego" for Matriz', async () => {
    await admin.goto('/configuracoes/geral/unidades-negocio');
    await admin.getByRole('cell', { name: 'Matriz', exact: true }).first().click();
    await admin.waitForURL((url) => url.pathname.includes('/unidades-negocio/form/'));
    const chave = admin.getByRole('switch', { name: 'Fechamento de caixa cego' });
    await chave.waitFor({ state: 'attached' });
    expect(await chave.isChecked()).toBe(false);
    // Mantine 9 lays the switch's (transparent) input over the whole switch, label included.
    await chave.click();
    await poll(() => chave.isChecked()).toBe(true);
    await chave.scrollIntoViewIfNeeded();
    await screenshot(admin, 'caixa-cego-unidade-form');
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => /\/unidades-negocio\/?$/.test(url.pathname));
  });

  it('the cashier closes the register without seeing the expected amount, then prints the report', async () => {
    caixa = await newPage(browser);
    await login(caixa, CAIXA_EMAIL, DEMO_SENHA);
    await caixa.goto('/vendas/movimentacoes-caixa/');
    const meuCaixa = caixa.getByRole('region', { name: 'Meu caixa' });
    const titulo = await meuCaixa.getByRole('heading', { name: /^Meu caixa: nº \d+$/ }).innerText();
    caixaNumero = Number(/nº (\d+)/.exec(titulo)![1]);
    await meuCaixa.getByText('Fechamento cego: informe o valor contado ao fechar').waitFor();
    expect(await meuCaixa.getByLabel('Dinheiro em caixa', { exact: true }).count()).toBe(0);
    // The period totals are withheld too.
    await poll(() => caixa.getByLabel('Saldo', { exact: true }).innerText()).toBe('—');

    await meuCaixa.getByRole('button', { name: 'Fechar caixa' }).click();
    await caixa.waitForURL((url) => new RegExp(`^/vendas/movimentacoes-caixa/${UUID}$`).test(url.pathname));
    caixaId = /([0-9a-f-]{36})$/.exec(new URL(caixa.url()).pathname)![1]!;
    const form = caixa.getByRole('form', { name: 'Fechar caixa' });
    await form.getByText('Fechamento cego: informe o valor contado').waitFor();
    expect(await caixa.getByRole('columnheader', { name: 'Esperado' }).count()).toBe(0);
    expect(await caixa.getByRole('columnheader', { name: 'Diferença' }).count()).toBe(0);

    // Not from the API either.
    const visto = await ok(callApi<CaixaApi>(caixa, 'GET', `/api/comercial/caixas/${caixaId}`));
    expect(visto).toMatchObject({ fechamentoCego: true, saldoDinheiro: null, valorEsperado: null });
    expect(visto.totaisPorForma.every((t) => t.esperado === null)).toBe(true);

    await form.getByLabel('Contado em Dinheiro', { exact: true }).fill('100');
    await screenshot(caixa, 'caixa-cego-fechamento');
    await form.getByRole('button', { name: 'Fechar caixa' }).click();
    const confirmacao = caixa.getByRole('dialog', { name: `Fechar o caixa nº ${caixaNumero}?` });
    await confirmacao.getByText('Contado R$ 100,00.').waitFor();
    expect(await confirmacao.getByText(/esperados/).count()).toBe(0);
    await confirmacao.getByRole('button', { name: 'Confirmar fechamento' }).click();

    await caixa.getByRole('status').filter({ hasText: 'Caixa fechado' }).waitFor();
    await caixa.getByText('Contado em dinheiro: R$ 100,00.', { exact: false }).waitFor();
    expect(await caixa.getByText('Quebra de caixa (dinheiro)').count()).toBe(0);
    expect(await caixa.getByRole('columnheader', { name: 'Diferença' }).count()).toBe(0);
    await screenshot(caixa, 'caixa-cego-fechado');

    const fechado = await ok(callApi<CaixaApi>(caixa, 'GET', `/api/comercial/caixas/${caixaId}`));
    expect(fechado).toMatchObject({ status: 'Fechado', fechamentoCego: true, valorContado: 100, diferenca: null });

    await esperarPdf(await pdfDe(caixa, () => caixa.getByRole('button', { name: 'Imprimir fechamento', exact: true }).click()));
  });

  it('the administrator sees expected, counted and difference and prints the report in A4', async () => {
    const doGerente = await ok(callApi<CaixaApi>(admin, 'GET', `/api/comercial/caixas/${caixaId}`));
    expect(doGerente.fechamentoCego).toBe(false);
    expect(doGerente.valorContado).toBe(100);
    expect(doGerente.valorEsperado).not.toBeNull();
    expect(doGerente.diferenca).toBeCloseTo(100 - doGerente.valorEsperado!, 2);

    await admin.goto(`/vendas/movimentacoes-caixa/${caixaId}`);
    await admin.getByRole('heading', { name: new RegExp(`^Caixa nº ${caixaNumero}\\s*Fechado$`) }).waitFor();
    await admin.getByText('Quebra de caixa (dinheiro)').waitFor();
    await admin.getByRole('columnheader', { name: 'Esperado' }).waitFor();
    await screenshot(admin, 'caixa-cego-gerente');

    await admin.getByRole('button', { name: 'Imprimir fechamento: outros formatos' }).click();
    const a4 = await pdfDe(admin, () => admin.getByRole('menuitem', { name: 'Imprimir em A4' }).click(), 'a4');
    await esperarPdf(a4);
  });

  it("prints a return's receipt from its page", async () => {
    const devolucoes = await ok(
      callApi<{ items: { devolucao: { id: string; numero: number } | null }[] }>(
        admin,
        'GET',
        '/api/comercial/movimentacoes-caixa?tipo=devolucao&dataInicio=2000-01-01&pageSize=5',
      ),
    );
    const devolucao = devolucoes.items.find((m) => m.devolucao)?.devolucao;
    expect(devolucao).toBeTruthy();
    await admin.goto(`/devolucoes/${devolucao!.id}`);
    await admin.getByRole('heading', { name: `Devolução nº ${devolucao!.numero}` }).waitFor();
    await esperarPdf(await pdfDe(admin, () => admin.getByRole('button', { name: 'Imprimir comprovante', exact: true }).click()));
    await screenshot(admin, 'devolucao-comprovante');
  });
});
