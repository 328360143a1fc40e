/**
 * Payables and expected receipts end to end (issue #6 "Playwright: a payable in three
 * installments, settle the first partially (BaixaParcial), then fully (Baixada), reverse it …
 * see the day's card sales as expected receipts"), on the demo admin in Matriz:
 * - /financeiro/despesas/: "Nova despesa" of R$ 300,00 in 3 monthly installments (the preview
 *   shows 3 × R$ 100,00); the first is settled with R$ 40,00 (Baixa parcial, R$ 60,00 open), then
 *   with what is left (Baixada); its settlements are reversed one by one, back to Em aberto;
 * - a debit-card sale made at the till (through its API) is expected on its settlement date in
 *   /financeiro/recebimentos/ and marked received there.
 */
import { expect } from 'vitest';
import { venderPelaApi } from './pdv-support.ts';
import { callApi, describeE2E, it, ok, poll, settledScreenshot, type ApiPage } from './support.ts';

const texto = (s: string) => s.replace(/\s+/g, ' ').trim();

describeE2E('financeiro: despesas e recebimentos', () => {
  const sufixo = Date.now().toString(36).slice(-5).toUpperCase();
  const descricao = `Conserto do ar E2E ${sufixo}`;

  it('creates a payable in 3 installments, settles the first partially then fully, and reverses it', async ({ page }) => {
    await page.goto('/financeiro/despesas/');
    await page.getByRole('heading', { name: 'Despesas', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Despesas' }).getByRole('row').nth(1).waitFor();
    // The search box has the focus on arrival.
    await poll(() => page.getByRole('searchbox', { name: 'Buscar' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await settledScreenshot(page, 'financeiro-despesas-lista');

    await page.getByRole('button', { name: 'Nova despesa' }).click();
    const nova = page.getByRole('dialog', { name: 'Nova despesa' });
    await nova.waitFor();
    await nova.getByLabel('Descrição').fill(descricao);
    await nova.getByLabel('Documento').fill(`NF ${sufixo}`);
    await nova.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option').first().click();
    await nova.getByLabel('Valor total').fill('300');
    await nova.getByLabel('Nº de parcelas').fill('3');
    const parcelas = nova.getByRole('table', { name: 'Parcelas' });
    await poll(() => parcelas.getByRole('row').count()).toBe(5); // header, 3 rows, footer
    for (let i = 1; i <= 3; i++) await poll(() => parcelas.getByLabel(`Valor da parcela ${i}`).inputValue()).toBe('R$ 100,00');
    await poll(async () => texto(await parcelas.getByLabel('Soma das parcelas').innerText())).toBe('R$ 300,00');
    await settledScreenshot(page, 'financeiro-despesa-nova-parcelas');
    await nova.getByRole('button', { name: 'Criar 3 parcelas' }).click();
    await nova.waitFor({ state: 'detached' });

    // The three installments in the list, found by the search.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(descricao);
    const lista = page.getByRole('table', { name: 'Despesas' });
    await poll(() => lista.getByRole('row', { name: new RegExp(`^Abrir ${descricao} \\d/3$`) }).count()).toBe(3);
    await poll(async () =>
      texto(await page.getByRole('group', { name: 'Totais da lista' }).getByLabel('Em aberto').innerText()),
    ).toBe('Em aberto R$ 300,00');
    await settledScreenshot(page, 'financeiro-despesas-parcelas-criadas');

    await lista.getByRole('row', { name: `Abrir ${descricao} 1/3` }).click();
    await page.waitForURL(/\/financeiro\/despesas\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: descricao }).waitFor();
    const status = page.locator('.mantine-Badge-root').first();
    await poll(() => status.textContent()).toBe('Em aberto');

    // Partial settlement: R$ 40,00 of R$ 100,00, sent with Enter.
    await page.getByRole('button', { name: 'Baixar', exact: true }).click();
    const baixa = page.getByRole('dialog', { name: 'Baixar despesa' });
    await baixa.waitFor();
    const valor = baixa.getByLabel('Valor', { exact: true });
    await poll(() => valor.inputValue()).toBe('R$ 100,00');
    await valor.fill('40');
    await poll(async () => texto(await baixa.getByLabel('Total da baixa').innerText())).toBe('R$ 40,00');
    await baixa.getByRole('button', { name: 'Baixar parcialmente' }).waitFor();
    await settledScreenshot(page, 'financeiro-despesa-baixa-parcial-modal');
    await valor.press('Enter');
    await baixa.waitFor({ state: 'detached' });
    await poll(() => status.textContent()).toBe('Baixa parcial');
    await poll(async () => texto(await page.getByLabel('Em aberto', { exact: true }).innerText())).toBe('Em aberto R$ 60,00');
    await settledScreenshot(page, 'financeiro-despesa-baixa-parcial');

    // Then the rest: R$ 60,00 by default.
    await page.getByRole('button', { name: 'Baixar', exact: true }).click();
    await baixa.waitFor();
    await poll(() => valor.inputValue()).toBe('R$ 60,00');
    await baixa.getByRole('button', { name: 'Baixar', exact: true }).click();
    await baixa.waitFor({ state: 'detached' });
    await poll(() => status.textContent()).toBe('Baixada');
    const baixas = page.getByRole('table', { name: 'Baixas' });
    await poll(() => baixas.getByRole('button', { name: 'Cancelar baixa' }).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Baixar', exact: true }).count()).toBe(0);
    await settledScreenshot(page, 'financeiro-despesa-baixada');

    // Reversed: the last settlement (back to partial), then the first (back to open).
    await baixas.getByRole('button', { name: 'Cancelar baixa' }).last().click();
    const confirmar = page.getByRole('dialog', { name: 'Cancelar baixa' });
    await confirmar.getByRole('button', { name: 'Cancelar baixa' }).click();
    await confirmar.waitFor({ state: 'detached' });
    await poll(() => status.textContent()).toBe('Baixa parcial');
    await baixas.getByRole('button', { name: 'Cancelar baixa' }).first().click();
    await confirmar.getByRole('button', { name: 'Cancelar baixa' }).click();
    await confirmar.waitFor({ state: 'detached' });
    await poll(() => status.textContent()).toBe('Em aberto');
    await poll(() => baixas.getByText(/^Cancelada em /).count()).toBe(2);
    await poll(async () => texto(await page.getByLabel('Em aberto', { exact: true }).innerText())).toBe('Em aberto R$ 100,00');
    await page.getByRole('button', { name: 'Editar' }).waitFor();
    await settledScreenshot(page, 'financeiro-despesa-estornada');

    const [primeira] = (
      await ok(
        callApi<ApiPage<{ parcela: number; status: string; valorPago: number }>>(
          page,
          'GET',
          `/api/financeiro/despesas?query=${encodeURIComponent(descricao)}`,
        ),
      )
    ).items;
    expect(primeira).toMatchObject({ parcela: 1, status: 'EmAberto', valorPago: 0 });
  }, 180_000);

  it('opens on what is due now, overdue counted apart, and pays a payable by bank transfer (issue #15 items 2, 3)', async ({
    page,
  }) => {
    const hoje = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
    );
    const vencidas = await ok(
      callApi<ApiPage<{ id: string }> & { totais: { quantidade: number } }>(
        page,
        'GET',
        '/api/financeiro/despesas?status=Vencida&pageSize=1',
      ),
    );
    const aVencer = await ok(
      callApi<ApiPage<{ descricao: string; dataVencimento: string; parcela: number; totalParcelas: number }>>(
        page,
        'GET',
        `/api/financeiro/despesas?status=EmAberto,BaixaParcial&dataInicio=${hoje}&pageSize=20`,
      ),
    );
    expect(aVencer.items.length).toBeGreaterThan(0);
    expect(aVencer.items.every((d) => d.dataVencimento >= hoje)).toBe(true);

    await page.goto('/financeiro/despesas/');
    const visoes = page.getByRole('group', { name: 'Visão das despesas' });
    await poll(() => visoes.getByRole('button', { name: 'A vencer' }).getAttribute('aria-pressed')).toBe('true');
    const lista = page.getByRole('table', { name: 'Despesas' });
    // The first row is the nearest due date from today, as the API orders the open ones.
    const primeira = aVencer.items[0]!;
    const [a, m, d] = primeira.dataVencimento.split('-');
    await poll(async () => texto(await lista.getByRole('row').nth(1).innerText())).toContain(`${d}/${m}/${a}`);
    await poll(async () => texto(await lista.getByRole('row').nth(1).innerText())).toContain(primeira.descricao);
    const botaoVencidas = visoes.getByRole('button', { name: /^Vencidas/ });
    await poll(async () => texto(await botaoVencidas.innerText())).toMatch(
      vencidas.totais.quantidade > 0 ? new RegExp(`^Vencidas: ${vencidas.totais.quantidade} · R\\$`) : /^Vencidas: nenhuma$/,
    );
    await settledScreenshot(page, 'financeiro-despesas-a-vencer');
    if (vencidas.totais.quantidade > 0) {
      await botaoVencidas.click();
      await page.waitForURL((url) => decodeURIComponent(url.toString()).includes('Vencida'));
      await poll(() => lista.getByText('Vencida', { exact: true }).count()).toBeGreaterThan(0);
      await settledScreenshot(page, 'financeiro-despesas-vencidas');
      await visoes.getByRole('button', { name: 'A vencer' }).click();
    }

    // A new payable due today, paid by "Transferência bancária" from its row.
    const conta = `Energia E2E ${sufixo}`;
    await ok(
      callApi(page, 'POST', '/api/financeiro/despesas', { descricao: conta, parcelas: [{ dataVencimento: hoje, valor: 80 }] }),
    );
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(conta);
    await lista.getByRole('button', { name: `Baixar ${conta}` }).click();
    const baixa = page.getByRole('dialog', { name: 'Baixar despesa' });
    await baixa.getByRole('combobox', { name: 'Forma de pagamento' }).click();
    await page.getByRole('option', { name: 'Transferência bancária' }).locator('visible=true').first().click();
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && /\/baixa$/.test(r.url()));
    await baixa.getByRole('button', { name: 'Baixar' }).click();
    const formaId = ((await patch).postDataJSON() as { formaPagamentoId: string }).formaPagamentoId;
    await baixa.waitFor({ state: 'detached' });
    const formas = await ok(
      callApi<ApiPage<{ id: string; nome: string; tipo: string }>>(page, 'GET', '/api/financeiro/formas-pagamento?pageSize=100'),
    );
    expect(formas.items.find((f) => f.id === formaId)).toMatchObject({ nome: 'Transferência bancária', tipo: 'transferencia' });
    expect(formas.items.some((f) => f.tipo === 'boleto' && f.nome === 'Boleto')).toBe(true);
  }, 180_000);

  it('takes an amount typed with the keyboard the pt-BR way: 1.151,00 is R$ 1.151,00 (issue #15)', async ({ page }) => {
    const teclado = `Caixa d'água E2E ${sufixo}`;
    await page.goto('/financeiro/despesas/');
    await page.getByRole('button', { name: 'Nova despesa' }).click();
    const nova = page.getByRole('dialog', { name: 'Nova despesa' });
    await nova.waitFor();
    await nova.getByLabel('Descrição').fill(teclado);
    await nova.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option').first().click();
    const total = nova.getByLabel('Valor total');
    await total.click();
    await total.pressSequentially('1.151,00'); // key by key, as a person types (fill would paste)
    await poll(() => nova.getByRole('table', { name: 'Parcelas' }).getByLabel('Valor da parcela 1').inputValue()).toBe(
      'R$ 1.151,00',
    );
    const post = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/financeiro\/despesas$/.test(r.url()));
    await nova.getByRole('button', { name: 'Salvar' }).click();
    expect(((await post).postDataJSON() as { parcelas: { valor: number }[] }).parcelas.map((p) => p.valor)).toEqual([1151]);
    await nova.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(teclado);
    await poll(async () =>
      texto(await page.getByRole('group', { name: 'Totais da lista' }).getByLabel('Em aberto').innerText()),
    ).toBe('Em aberto R$ 1.151,00');
  }, 120_000);

  it('sees a debit-card sale of the till on its settlement date and marks it received', async ({ page }) => {
    // A sale at the till (its API): a service, paid by debit card, in the admin's register.
    const formas = await ok(
      callApi<ApiPage<{ id: string; tipo: string; nome: string }>>(page, 'GET', '/api/financeiro/formas-pagamento?pageSize=100'),
    );
    const debito = formas.items.find((f) => f.tipo === 'cartao_debito');
    expect(debito, 'forma de pagamento cartão de débito na demonstração').toBeTruthy();
    const unidades = await ok(
      callApi<ApiPage<{ id: string; sigla: string }>>(page, 'GET', '/api/inventario/unidades-medida?query=UN'),
    );
    const servico = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/inventario/produtos', {
        nome: `Hidratação E2E ${sufixo}`,
        tipo: 'servico',
        unidadeMedidaId: unidades.items.find((u) => u.sigla === 'UN')!.id,
        precoVenda: 87.5,
      }),
    );
    const finalizada = await venderPelaApi(page, { produtoId: servico.id, valor: 87.5, formaPagamentoId: debito!.id });
    const receitas = await ok(
      callApi<ApiPage<{ id: string; dataVencimento: string; venda: { id: string } | null; valorLiquido: number }>>(
        page,
        'GET',
        '/api/financeiro/receitas?tipoForma=cartao_debito&status=EmAberto&pageSize=100',
      ),
    );
    const receita = receitas.items.find((r) => r.venda?.id === finalizada.id);
    expect(receita, 'recebível do cartão de débito da venda').toBeTruthy();
    const dia = receita!.dataVencimento;

    // Expected on its settlement date (inside the default period: today to 30 days ahead).
    await page.goto('/financeiro/recebimentos/');
    await page.getByRole('heading', { name: 'Recebimentos', exact: true }).waitFor();
    const porDia = page.getByRole('table', { name: 'Recebimentos por dia' });
    const [y, m, d] = dia.split('-');
    const linhaDia = porDia.getByRole('row', { name: `Dia ${d}/${m}/${y}` });
    await linhaDia.waitFor();
    await linhaDia.click();
    await page.getByRole('heading', { name: `Recebimentos de ${d}/${m}/${y}` }).waitFor();
    const doDia = page.getByRole('table', { name: 'Recebimentos do dia' });
    const linha = doDia.getByRole('row').filter({ hasText: `Venda nº ${finalizada.numero}` });
    await linha.waitFor();
    await poll(() => linha.getByText('Em aberto').count()).toBe(1);
    await settledScreenshot(page, 'financeiro-recebimentos');

    await linha.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Marcar como recebido (1)' }).click();
    const modal = page.getByRole('dialog', { name: 'Marcar como recebido' });
    await modal.waitFor();
    await settledScreenshot(page, 'financeiro-recebimentos-confirmar');
    await modal.getByRole('button', { name: 'Confirmar recebimento' }).click();
    await modal.waitFor({ state: 'detached' });
    await poll(() => linha.getByText('Baixada').count()).toBe(1);
    await settledScreenshot(page, 'financeiro-recebimentos-recebido');

    // In the receivables list too, with its sale.
    await page.goto('/financeiro/receitas?tipoForma=cartao_debito');
    const receitasLista = page.getByRole('table', { name: 'Receitas' });
    const daVenda = receitasLista.getByRole('row').filter({ hasText: `Venda nº ${finalizada.numero}` });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(`Venda nº ${finalizada.numero}`);
    await poll(() => daVenda.getByText('Baixada').count()).toBe(1);
    await settledScreenshot(page, 'financeiro-receitas');

    const depois = await ok(
      callApi<{ status: string; valorPago: number }>(page, 'GET', `/api/financeiro/receitas/${receita!.id}`),
    );
    expect(depois).toMatchObject({ status: 'Baixada', valorPago: 87.5 });
  }, 180_000);
});
