/**
 * The audit log end to end (issue #22 item 4), as the demo admin: a sale made and cancelled
 * through the till's API (its reason unique to this run) is found on /configuracoes/ → Auditoria
 * by filtering "Venda cancelada", with the admin's name, the reason and the unit; the row opens
 * the drawer with "Antes → Depois". The demo Gerente sees no Auditoria card and gets the
 * no-access page at its URL.
 */
import { expect } from 'vitest';
import { KONG, venderPelaApi } from './pdv-support.ts';
import {
  callApi,
  describeE2E,
  expectNoSidewaysScroll,
  it,
  login,
  newPage,
  ok,
  settledScreenshot,
  type ApiPage,
} from './support.ts';

const MOTIVO = `Cliente desistiu (e2e ${Date.now().toString(36)})`;

describeE2E('Auditoria', () => {
  it('an Administrador finds the cancelled sale in the log and opens its details', async ({ page }) => {
    const me = await ok(callApi<{ nome: string }>(page, 'GET', '/api/auth/me'));
    const formas = await ok(
      callApi<ApiPage<{ id: string; tipo: string }>>(page, 'GET', '/api/financeiro/formas-pagamento?pageSize=100'),
    );
    const dinheiro = formas.items.find((f) => f.tipo === 'dinheiro')!;
    const kong = (
      await ok(callApi<ApiPage<{ id: string; precoVenda: number }>>(page, 'GET', `/api/inventario/produtos?query=${KONG.gtin}`))
    ).items[0]!;
    const finalizada = await venderPelaApi(page, { produtoId: kong.id, valor: kong.precoVenda, formaPagamentoId: dinheiro.id });
    const cancelada = await ok(
      callApi<{ status: string }>(
        page,
        'DELETE',
        `/api/comercial/pdv/excluir-venda/${finalizada.id}?motivo=${encodeURIComponent(MOTIVO)}`,
      ),
    );
    expect(cancelada.status).toBe('Cancelada');

    await page.goto('/configuracoes/');
    await page.getByRole('link', { name: /Auditoria/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/configuracoes/geral/auditoria'));
    await page.getByRole('heading', { name: 'Auditoria', level: 2 }).waitFor();

    await page.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Venda cancelada', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('acao') === 'VendaCancelada');
    const tabela = page.getByRole('table', { name: 'Eventos de auditoria' });
    const linha = tabela.getByRole('row', {
      name: new RegExp(`Venda nº ${finalizada.numero} .*${MOTIVO.replace(/[()]/g, '\\$&')}`),
    });
    await linha.waitFor();
    const texto = await linha.innerText();
    expect(texto).toContain(me.nome);
    expect(texto).toContain(MOTIVO);
    expect(texto).toMatch(/Venda cancelada/i);
    expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expectNoSidewaysScroll(page);
    await settledScreenshot(page, 'auditoria-lista');

    await linha.click();
    const drawer = page.getByRole('dialog', { name: 'Evento de auditoria' });
    await drawer.waitFor();
    const antesDepois = await drawer.getByRole('table', { name: 'Antes e depois' }).innerText();
    expect(antesDepois).toContain('Cancelada');
    expect(antesDepois).toContain(MOTIVO);
    expect(antesDepois).toMatch(/R\$\s?\d/);
    await settledScreenshot(page, 'auditoria-detalhe');
  }, 120_000);

  it('a Gerente sees no Auditoria card and gets the no-access page at its URL', async ({ browser }) => {
    const gerente = await newPage(browser);
    try {
      await login(gerente, 'gerente@demo.com.br', 'demo1234');
      await gerente.goto('/configuracoes/');
      await gerente.getByRole('link', { name: /WhatsApp/ }).waitFor();
      expect(await gerente.getByRole('link', { name: /Auditoria/ }).count()).toBe(0);
      await gerente.goto('/configuracoes/geral/auditoria');
      await gerente.getByRole('heading', { name: 'Acesso restrito' }).waitFor();
      await settledScreenshot(gerente, 'auditoria-gerente-sem-acesso');
    } finally {
      await gerente.close();
    }
  }, 60_000);
});
