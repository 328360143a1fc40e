/**
 * The till as the e2e specs drive it (pdv, pdv-layout, financeiro-cartao): the demo products they
 * scan, the product input where a scanner types, and the register opened with F2 when there is none;
 * and a sale made through the till's API for the specs that start from one (fiscal, finance, audit).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi, ok, poll } from './support.ts';

export type ProdutoDemo = { nome: string; gtin: string };

// From the demo seed (apps/api/src/db/seed/demo-produtos.ts): stock controlled, in stock, no lots.
export const KONG: ProdutoDemo = { nome: 'Brinquedo Kong Classic M', gtin: '7891039881615' }; // R$ 79,90
export const BOLA: ProdutoDemo = { nome: 'Bola de Vinil Chalesco Grande', gtin: '7893549880195' }; // R$ 14,90
export const COLEIRA: ProdutoDemo = { nome: 'Coleira de Nylon Chalesco M', gtin: '7892550396183' }; // R$ 21,90
export const COMEDOURO: ProdutoDemo = { nome: 'Comedouro de Inox Chalesco P', gtin: '7893174276264' }; // R$ 26,90

/** The label of the till's product input. */
export const ENTRADA = 'Código de barras, código ou nome — F3';

/** The till's product input has the focus (where the scanner types). */
export const entradaFocada = async (page: Page): Promise<void> => {
  const entrada = page.getByLabel(ENTRADA, { exact: true });
  await entrada.waitFor();
  await poll(() => entrada.evaluate((el) => el === document.activeElement)).toBe(true);
};

/** Like a barcode scanner: the digits fast, then Enter; the product shows up in the items. */
export const escanear = async (page: Page, produto: ProdutoDemo): Promise<void> => {
  await entradaFocada(page);
  await page.keyboard.type(produto.gtin, { delay: 5 });
  await page.keyboard.press('Enter');
  await page.getByRole('table', { name: 'Itens da venda' }).getByRole('row').filter({ hasText: produto.nome }).waitFor();
};

/** F2 on the closed till: the register opened with R$ 100,00 of float (Enter submits). */
export const abrirCaixaComF2 = async (page: Page): Promise<void> => {
  await page.keyboard.press('F2');
  const abertura = page.getByLabel('Valor de abertura', { exact: true });
  await abertura.waitFor();
  await poll(() => abertura.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await page.getByTestId('pdv-caixa-fechado').waitFor({ state: 'detached' });
};

/** The till on a register of the user's: opened with F2 when there is none; true when it opened one. */
export const abrirPdv = async (page: Page): Promise<boolean> => {
  await page.goto('/vendas/pdv/');
  const fechado = page.getByTestId('pdv-caixa-fechado');
  await fechado
    .or(page.getByLabel(ENTRADA, { exact: true }))
    .first()
    .waitFor();
  if (!(await fechado.isVisible())) return false;
  await abrirCaixaComF2(page);
  return true;
};

/**
 * A finalised sale of one unit of `produtoId`, paid `valor` with `formaPagamentoId`, made through the
 * till's API as the screen does (register opened if none, snapshot, salvar-venda) by the page's user.
 */
export const venderPelaApi = async (
  page: Page,
  { produtoId, valor, formaPagamentoId }: { produtoId: string; valor: number; formaPagamentoId: string },
): Promise<{ id: string; numero: number; status: string }> => {
  const abertura = await callApi<{ id: string }>(page, 'POST', '/api/comercial/caixas/abrir-caixa', { valorAbertura: 0 });
  expect([201, 400]).toContain(abertura.status);
  const venda = {
    id: crypto.randomUUID(),
    tipo: 'Venda',
    itens: [{ id: crypto.randomUUID(), produtoId, quantidade: 1, desconto: 0, tipoDesconto: 'Valor' }],
    financeiros: [],
    desconto: 0,
    tipoDesconto: 'Valor',
    valorEntregaFrete: 0,
  };
  const rascunho = await ok(
    callApi<{ id: string; itens: { id: string }[] }>(page, 'POST', '/api/comercial/pdv/snapshot', { venda }),
  );
  const finalizada = await ok(
    callApi<{ id: string; numero: number; status: string }>(page, 'POST', '/api/comercial/pdv/salvar-venda', {
      ...venda,
      id: rascunho.id,
      itens: venda.itens.map((i, n) => ({ ...i, id: rascunho.itens[n]!.id })),
      financeiros: [{ chave: crypto.randomUUID(), formaPagamentoId, valorRecebido: valor }],
    }),
  );
  expect(finalizada.status).toBe('Finalizada');
  return finalizada;
};
