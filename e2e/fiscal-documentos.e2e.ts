/**
 * Fiscal settings and documents end to end (issue #18 items 1 and 6): the administrator fills
 * the Matriz's Fiscal tab with a certificate generated at test time (apps/api/test/certificate.ts),
 * sees its holder, CNPJ and expiry and that nothing is missing for NFC-e; then a sale finalised
 * through the till's API is invoiced (POST /api/fiscal/nfce) and /fiscal/ lists its document.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { makePfx } from '../apps/api/test/certificate.ts';
import { KONG, venderPelaApi } from './pdv-support.ts';
import { callApi, describeE2E, it, ok, poll, screenshot, settledScreenshot, type ApiPage } from './support.ts';

const SENHA_PFX = 'senha-e2e';

type DocumentoApi = { id: string; numero: number; serie: number; status: string; vendaNumero: number; chave: string };

describeE2E('fiscal: configuração da unidade e documentos', () => {
  it("fills the Matriz's Fiscal tab with an A1 certificate and sees what it holds", async ({ page }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-fiscal-'));
    const pfx = path.join(dir, 'matriz-a1.pfx');
    // The demo Matriz's CNPJ after the colon, as ICP-Brasil names an e-CNPJ.
    writeFileSync(pfx, makePfx(SENHA_PFX, { cn: 'PET SHOP DEMO COMERCIO LTDA:11222333000181', validDays: 20 }));

    await page.goto('/configuracoes/geral/unidades-negocio');
    await page.getByRole('cell', { name: 'Matriz', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.includes('/unidades-negocio/form/'));
    const ie = page.getByLabel('Inscrição estadual', { exact: true });
    await ie.waitFor();
    await ie.fill('110042490114');

    await page.getByRole('tab', { name: 'Fiscal' }).click();
    await page.getByText(/as NFC-e são autorizadas por/).waitFor();
    expect(await page.getByText('SEFAZ-SP', { exact: true }).count()).toBe(1);
    await page.getByLabel('Identificador do CSC', { exact: true }).fill('000001');
    await page.getByLabel('Token CSC', { exact: true }).fill('A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6');
    await page.locator('input[type="file"][accept*=".pfx"]').setInputFiles(pfx);
    await page.getByLabel('Senha do certificado', { exact: true }).fill(SENHA_PFX);
    await page.getByLabel(/^Chave PIX/).fill('+55 (11) 98765-4321');
    await poll(() => page.getByText('Configuração completa para emitir NFC-e.').count()).toBe(1);
    await screenshot(page, 'fiscal-unidade-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => /\/unidades-negocio\/?$/.test(url.pathname));

    // Reopened: the stored certificate, its CNPJ and the warning of an expiry within 30 days.
    await page.getByRole('cell', { name: 'Matriz', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.includes('/unidades-negocio/form/'));
    await page.getByRole('tab', { name: 'Fiscal' }).click();
    const cert = page.getByRole('region', { name: 'Certificado digital A1' });
    await cert.getByText('PET SHOP DEMO COMERCIO LTDA:11222333000181').waitFor();
    expect(await cert.innerText()).toContain('CNPJ: 11.222.333/0001-81');
    await cert.getByRole('alert').filter({ hasText: 'Certificado perto do vencimento' }).waitFor();
    expect(await cert.getByRole('alert').innerText()).toMatch(/O certificado vence em (19|20) dias/);
    expect(await page.getByLabel(/^Chave PIX/).inputValue()).toBe('+5511987654321');
    await page.getByText('Configuração completa para emitir NFC-e.').waitFor();
    await settledScreenshot(page, 'fiscal-unidade-certificado');
  }, 120_000);

  it('invoices a sale and finds its NFC-e on /fiscal/', async ({ page }) => {
    // A sale at the till (its API): one Kong, paid in cash, in the admin's register.
    const formas = await ok(
      callApi<ApiPage<{ id: string; tipo: string }>>(page, 'GET', '/api/financeiro/formas-pagamento?pageSize=100'),
    );
    const dinheiro = formas.items.find((f) => f.tipo === 'dinheiro');
    expect(dinheiro, 'forma de pagamento dinheiro na demonstração').toBeTruthy();
    const produtos = await ok(
      callApi<ApiPage<{ id: string; precoVenda: number }>>(page, 'GET', `/api/inventario/produtos?query=${KONG.gtin}`),
    );
    const kong = produtos.items[0]!;
    const finalizada = await venderPelaApi(page, { produtoId: kong.id, valor: kong.precoVenda, formaPagamentoId: dinheiro!.id });
    const documento = await ok(
      callApi<DocumentoApi>(page, 'POST', '/api/fiscal/nfce', { vendaId: finalizada.id, cpf: '529.982.247-25' }),
    );
    expect(['autorizada', 'contingencia', 'pendente']).toContain(documento.status);

    await page.goto('/fiscal/');
    await page.getByRole('heading', { name: 'Documentos fiscais', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(String(finalizada.numero));
    const row = page.getByRole('row', { name: `NFC-e nº ${documento.numero}` });
    await row.waitFor();
    const texto = await row.innerText();
    expect(texto).toContain(`${documento.numero}/${documento.serie}`);
    expect(texto).toContain('529.982.247-25');
    // Badges are upper-cased by CSS. Without a SEFAZ to answer, the NFC-e is issued offline.
    expect(texto).toMatch(/Autorizada|Em contingência|Transmitindo/i);
    if (documento.status === 'contingencia') {
      await page.getByText(/\d+ NFC-e em contingência aguardando transmissão/).waitFor();
    }
    await row.getByRole('link', { name: `Abrir venda nº ${finalizada.numero}` }).waitFor();
    await row.getByRole('button', { name: `Baixar XML da NFC-e nº ${documento.numero}` }).waitFor();
    await settledScreenshot(page, 'fiscal-documentos');

    // With the fake SEFAZ answering (e2e/global-setup.ts), the authorised NFC-e is cancelled from its row.
    if (documento.status === 'autorizada') {
      await row.getByRole('button', { name: `Cancelar NFC-e nº ${documento.numero}` }).click();
      const form = page.getByRole('form', { name: 'Cancelar NFC-e' });
      await form.getByRole('textbox', { name: /Justificativa/ }).fill('Venda registrada em duplicidade');
      await form.getByText('31/255 caracteres (mínimo 15)').waitFor();
      await form.getByRole('button', { name: 'Cancelar NFC-e' }).click();
      await form.waitFor({ state: 'detached' });
      await poll(async () => (await row.innerText()).toUpperCase()).toContain('CANCELADA');
      const cancelado = await ok(callApi<DocumentoApi>(page, 'GET', `/api/fiscal/documentos/${documento.id}`));
      expect(cancelado.status).toBe('cancelada');
      await settledScreenshot(page, 'fiscal-documentos-cancelada');
    }
  }, 120_000);
});
