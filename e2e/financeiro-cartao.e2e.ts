/**
 * A card payment's brand and NSU at the till, keyboard only (issue #15 item 4), on the demo
 * admin in Matriz: F8, 3 = Cartão de débito, Tab to "Bandeira", V picks Visa, Tab to the NSU,
 * its digits, Enter; the payments show "Visa • NSU …", F10 finalises, and the sale read back
 * from the API carries brand code 01 and the NSU.
 */
import { expect } from 'vitest';
import { abrirPdv, escanear, KONG } from './pdv-support.ts';
import { callApi, describeE2E, it, ok, poll, settledScreenshot } from './support.ts';

describeE2E('financeiro: cartão no PDV', () => {
  it('records brand and NSU of a debit-card payment typed at the till', async ({ page }) => {
    const nsu = String(Date.now()).slice(-8);
    await abrirPdv(page);
    await escanear(page, KONG);

    await page.keyboard.press('F8');
    await page.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
    await page.keyboard.press('3');
    const form = page.getByRole('form', { name: 'Pagamento em Cartão de débito' });
    await form.waitFor();
    const valor = form.getByLabel('Valor', { exact: true });
    await poll(() => valor.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    const bandeira = form.getByLabel('Bandeira', { exact: true });
    await poll(() => bandeira.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('v');
    await poll(() => bandeira.locator('option:checked').innerText()).toBe('Visa');
    await page.keyboard.press('Tab');
    const autorizacao = form.getByLabel('NSU / autorização', { exact: true });
    await poll(() => autorizacao.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(nsu);
    await settledScreenshot(page, 'pdv-pagamento-cartao-bandeira-nsu');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Pagamento (F8)' }).waitFor({ state: 'detached' });
    const pagamentos = page.getByLabel('Pagamentos', { exact: true });
    await pagamentos.getByText(`Visa • NSU ${nsu}`).waitFor();

    const salvar = page.waitForResponse(
      (r) => /\/api\/comercial\/pdv\/salvar-venda$/.test(r.url()) && r.request().method() === 'POST',
    );
    await page.keyboard.press('F10');
    const resposta = await salvar;
    expect(resposta.status()).toBe(200);
    const { id } = (await resposta.json()) as { id: string };
    await page.getByTestId('pdv-resultado').waitFor();
    const venda = await ok(
      callApi<{ financeiros: { bandeira: string | null; autorizacao: string | null; formaPagamento: { tipo: string } }[] }>(
        page,
        'GET',
        `/api/comercial/pdv/${id}`,
      ),
    );
    expect(venda.financeiros).toEqual([
      expect.objectContaining({
        bandeira: '01',
        autorizacao: nsu,
        formaPagamento: expect.objectContaining({ tipo: 'cartao_debito' }),
      }),
    ]);
    await page.keyboard.press('Escape');
  }, 120_000);
});
