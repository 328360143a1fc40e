/**
 * Accessibility (issue #15): axe-core's WCAG 2.1 A and AA rules find no serious or critical
 * violation on the main screens, as the admin at 1280×800 (contrast of the theme's colours,
 * accessible names that contain the visible text, valid ARIA). Every other spec checks the
 * screens it visits too (`newPage` in support.ts); this one names the screens that must be
 * covered, whatever the other specs do, and prints the count per screen.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  axeViolations,
  describeE2E,
  expectNoAxeViolations,
  formatAxeViolations,
  it,
  newPage,
  screenshot,
  waitForScreenSettled,
  type AxeViolation,
} from './support.ts';

/** The screens of issue #15: path, and a text the settled screen shows. */
const TELAS: { nome: string; path: string }[] = [
  { nome: 'início', path: '/' },
  { nome: 'PDV', path: '/vendas/pdv/' },
  { nome: 'lista de vendas', path: '/vendas/lista-de-vendas/' },
  { nome: 'clientes', path: '/clientes/' },
  { nome: 'novo cliente', path: '/clientes/form/' },
  { nome: 'produtos', path: '/produtos/' },
  { nome: 'novo produto', path: '/produtos/form/' },
  { nome: 'compras', path: '/compras/' },
  { nome: 'financeiro', path: '/financeiro/' },
  { nome: 'contas a pagar', path: '/financeiro/despesas/' },
  { nome: 'movimentações de caixa', path: '/vendas/movimentacoes-caixa/' },
  { nome: 'configurações', path: '/configuracoes/' },
  { nome: 'ajuste de estoque', path: '/produtos/ajuste-estoque/' },
];

/** Serious and critical violations of the settled screen, printed as a count per rule. */
async function violacoesGraves(page: Page, nome: string): Promise<AxeViolation[]> {
  await waitForScreenSettled(page);
  const graves = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await screenshot(page, `acessibilidade-${nome.normalize('NFD').replace(/\p{M}/gu, '')}`);
  const contagem = new Map<string, number>();
  for (const v of graves) contagem.set(v.id, (contagem.get(v.id) ?? 0) + 1);
  const porRegra = [...contagem].map(([id, n]) => `${id} ${n}`);
  console.info(`axe ${nome} (${page.url()}): ${graves.length}${porRegra.length ? ` — ${porRegra.join(', ')}` : ''}`);
  return graves;
}

describeE2E('acessibilidade', () => {
  it('expectNoAxeViolations fails naming the rule, the element and what is wrong', async ({ browser }) => {
    const page = await newPage(browser);
    await page.setContent(
      '<html lang="pt-BR"><head><title>t</title></head><body><main><p id="claro" style="color:#aaa">Texto claro</p></main></body></html>',
    );
    const erro = await expectNoAxeViolations(page).then(
      () => '',
      (e: unknown) => String(e),
    );
    await page.context().close();
    expect(erro).toMatch(/color-contrast \[serious\] #claro <p id="claro".*contrast of 2\.32/);
  });

  it('login: no serious or critical axe violation', async ({ browser }) => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
    const graves = await violacoesGraves(page, 'login');
    await page.context().close();
    expect(formatAxeViolations(graves)).toBe('');
  });

  for (const tela of TELAS) {
    it(`${tela.nome} (${tela.path}): no serious or critical axe violation`, async ({ page }) => {
      await page.goto(tela.path);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      expect(formatAxeViolations(await violacoesGraves(page, tela.nome))).toBe('');
    });
  }
});
