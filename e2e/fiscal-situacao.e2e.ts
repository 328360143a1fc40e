/**
 * The products' fiscal status end to end (issue #18 item 7), on the demo admin in Matriz:
 * - a product without NCM is listed on /fiscal/situacao-fiscal-produtos/ (searched by its name)
 *   with the "NCM" problem; its NCM typed in the row and saved → complete in the API;
 * - arriving with `ids` + `returnTo` (as the till sends a refused sale): only that product is
 *   listed, "Voltar para a venda" is offered, and once saved with nothing pending the screen
 *   goes back to `returnTo`.
 * Products are made by each run (unique names), nothing depends on the demo catalogue.
 */
import type { ProdutoSituacao } from '@petshop/shared/fiscal';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi, describeE2E, it, ok, poll, settledScreenshot, type ApiPage } from './support.ts';

const unidadeUN = async (page: Page): Promise<string> => {
  const lista = await ok(
    callApi<ApiPage<{ id: string; sigla: string }>>(page, 'GET', '/api/inventario/unidades-medida?query=UN&pageSize=100'),
  );
  return lista.items.find((u) => u.sigla === 'UN')!.id;
};

const situacao = async (page: Page, id: string): Promise<ProdutoSituacao> =>
  (await ok(callApi<ApiPage<ProdutoSituacao>>(page, 'GET', `/api/fiscal/produto-situacao?ids=${id}`))).items[0]!;

describeE2E('situação fiscal dos produtos', () => {
  const sufixo = Date.now().toString(36).slice(-5).toUpperCase();

  const novoProduto = async (page: Page, nome: string) =>
    ok(
      callApi<{ id: string }>(page, 'POST', '/api/inventario/produtos', {
        nome,
        unidadeMedidaId: await unidadeUN(page),
        precoCusto: 10,
        precoVenda: 19.9,
        // Everything but the NCM.
        fiscal: { cfop: '5102', origem: '0', csosn: '102' },
      }),
    );

  it('lists a product missing NCM with the problem, fixes it in the row, and the API says complete', async ({ page }) => {
    const nome = `Ração Fiscal E2E ${sufixo}`;
    const produto = await novoProduto(page, nome);
    expect((await situacao(page, produto.id)).problemas.map((p) => p.campo)).toEqual(['ncm']);

    await page.goto(`/fiscal/situacao-fiscal-produtos/?query=${encodeURIComponent(nome)}`);
    const pendencias = page.getByLabel(`Pendências de ${nome}`);
    await pendencias.waitFor();
    expect(await pendencias.innerText()).toContain('NCM é obrigatório');
    await settledScreenshot(page, 'fiscal-situacao-pendente');

    await page.getByLabel(`NCM de ${nome}`).fill('23091000');
    await poll(() => page.getByLabel(`NCM de ${nome}`).inputValue()).toBe('2309.10.00');
    await pendencias.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Dados fiscais salvos').waitFor();
    await poll(async () => (await situacao(page, produto.id)).completo).toBe(true);
    expect((await situacao(page, produto.id)).fiscal.ncm).toBe('23091000');
    await settledScreenshot(page, 'fiscal-situacao-salvo');
  }, 120_000);

  it('with ids and returnTo: only those products, then back to the sale once nothing is pending', async ({ page }) => {
    const nome = `Petisco Fiscal E2E ${sufixo}`;
    const produto = await novoProduto(page, nome);
    const outro = await novoProduto(page, `Outro Fiscal E2E ${sufixo}`);
    const returnTo = '/vendas/lista-de-vendas/';
    await page.goto(`/fiscal/situacao-fiscal-produtos/?ids=${produto.id}&returnTo=${encodeURIComponent(returnTo)}`);
    await page.getByLabel(`Pendências de ${nome}`).waitFor();
    expect(await page.getByLabel(`Pendências de Outro Fiscal E2E ${sufixo}`).count()).toBe(0);
    await page.getByRole('button', { name: 'Voltar para a venda' }).waitFor();
    await settledScreenshot(page, 'fiscal-situacao-ids');

    await page.getByLabel(`NCM de ${nome}`).fill('23091000');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === returnTo);
    expect((await situacao(page, produto.id)).completo).toBe(true);
    expect((await situacao(page, outro.id)).completo).toBe(false);
  }, 120_000);
});
