/**
 * The clinic's settings end to end (issue #19 items 1 and 5; spec §2 /configuracoes/clinica/*):
 * the demo admin opens the Clínica tab, creates a vaccine linked to a product (made through the
 * API), adds from its form a protocol of 3 doses 21 days apart with a yearly booster, and
 * creates a prescription template whose text takes a variable from the "Variáveis" menu; a
 * variable the API does not know is refused under the editor. axe-core checks every screen and
 * the protocol's modal; desktop and 390 px phone screenshots, the phone never scrolling sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  callApi,
  describeE2E,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  it,
  MOBILE_VIEWPORT,
  newPage,
  login,
  ok,
  settledScreenshot,
  type ApiPage,
} from './support.ts';

type Vacina = { id: string; nome: string; fabricante: string | null; especieNomes: string[]; produtoNome: string | null };
type Protocolo = { id: string; nome: string; doses: { descricao: string; intervaloDias: number }[]; reforcoDias: number | null };
type Modelo = { id: string; nome: string; tipo: string; conteudo: string; controleEspecial: boolean };

const sufixo = Date.now().toString(36).slice(-5).toUpperCase();

const unidadeMedida = async (page: Page, sigla: string): Promise<string> => {
  const lista = await ok(
    callApi<ApiPage<{ id: string; sigla: string }>>(page, 'GET', `/api/inventario/unidades-medida?query=${sigla}&pageSize=100`),
  );
  const u = lista.items.find((x) => x.sigla === sigla);
  if (!u) throw new Error(`Unidade ${sigla} não encontrada`);
  return u.id;
};

const buscarVacina = async (page: Page, nome: string) =>
  (await ok(callApi<ApiPage<Vacina>>(page, 'GET', `/api/clinica/vacinas?query=${encodeURIComponent(nome)}`))).items.find(
    (v) => v.nome === nome,
  );

describeE2E('clínica: configurações', () => {
  describe.sequential('vaccines with their protocols, prescription templates', () => {
    const produto = `Vacina E2E ${sufixo} dose`;
    const vacina = `V10 E2E ${sufixo}`;
    const protocolo = `V10 filhote E2E ${sufixo}`;
    const modelo = `Receita E2E ${sufixo}`;

    it('creates a vaccine linked to a product and adds a protocol of 3 doses 21 days apart with a yearly booster', async ({
      page,
    }) => {
      await ok(
        callApi(page, 'POST', '/api/inventario/produtos', {
          nome: produto,
          unidadeMedidaId: await unidadeMedida(page, 'UN'),
          precoCusto: 40,
          precoVenda: 89.9,
        }),
      );

      await page.goto('/configuracoes/?tab=clinica');
      await page.getByRole('link', { name: /^Vacinas/ }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/clinica/vacina');
      await page.getByRole('heading', { name: 'Vacinas' }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Novo' }).click();
      await page.waitForURL((url) => /\/vacina\/form\/?$/.test(url.pathname));
      await page.getByRole('heading', { name: 'Nova vacina' }).waitFor();

      await page.getByRole('textbox', { name: /^Nome/ }).fill(vacina);
      await page.getByRole('textbox', { name: /^Fabricante/ }).fill('Zoetis');
      await page.getByRole('combobox', { name: /^Espécies/ }).click();
      await page.getByRole('option', { name: 'Canina', exact: true }).click();
      await page.keyboard.press('Escape');
      const produtoCampo = page.getByRole('combobox', { name: /^Produto/ });
      await produtoCampo.click();
      await produtoCampo.fill(sufixo);
      await page.getByRole('option', { name: `${produto} — R$ 89,90` }).click();
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'clinica-vacina-nova');
      await page.getByRole('button', { name: 'Salvar' }).click();

      // Saved, the vaccine opens its own form, where its protocols are added.
      await page.waitForURL((url) => /\/vacina\/form\/[0-9a-f-]{36}$/.test(url.pathname));
      await page.getByRole('heading', { name: 'Editar vacina' }).waitFor();
      const salva = await buscarVacina(page, vacina);
      expect(salva).toMatchObject({ fabricante: 'Zoetis', especieNomes: ['Canina'], produtoNome: produto });

      await page.getByRole('button', { name: 'Novo protocolo' }).click();
      const modal = page.getByRole('dialog', { name: `Novo protocolo — ${vacina}` });
      await modal.getByRole('textbox', { name: /^Nome/ }).fill(protocolo);
      await modal.getByRole('button', { name: 'Adicionar dose' }).click();
      await modal.getByRole('button', { name: 'Adicionar dose' }).click();
      await modal.getByRole('button', { name: 'Reforço anual' }).click();
      await modal
        .getByText('1ª dose no dia 0, 2ª dose +21 dias, 3ª dose +21 dias, reforço a cada 365 dias', { exact: false })
        .waitFor();
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'clinica-protocolo-modal');
      await modal.getByRole('button', { name: 'Salvar protocolo' }).click();
      await modal.waitFor({ state: 'detached' });

      const tabela = page.getByRole('table', { name: 'Protocolos da vacina' });
      await tabela.getByText(protocolo, { exact: true }).waitFor();
      await tabela.getByText('1ª dose no dia 0, 2ª dose +21 dias, 3ª dose +21 dias, reforço a cada 365 dias').waitFor();
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'clinica-vacina-protocolos');

      // Through the second prefix, as every clinic call answers.
      const protocolos = await ok(
        callApi<ApiPage<Protocolo>>(page, 'GET', `/api/clinicas/vacinas/protocolos?vacinaId=${salva?.id ?? ''}`),
      );
      expect(protocolos.items).toHaveLength(1);
      expect(protocolos.items[0]).toMatchObject({
        nome: protocolo,
        doses: [
          { descricao: '1ª dose', intervaloDias: 0 },
          { descricao: '2ª dose', intervaloDias: 21 },
          { descricao: '3ª dose', intervaloDias: 21 },
        ],
        reforcoDias: 365,
      });

      await page.getByRole('link', { name: 'Vacinas' }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/clinica/vacina');
      const linha = page.getByRole('row', { name: `Editar ${vacina}` });
      await linha.getByText('R$ 89,90').waitFor();
      await settledScreenshot(page, 'clinica-vacinas');
    });

    it('creates a prescription template with a variable from the menu; an unknown one is refused under the editor', async ({
      page,
    }) => {
      await page.goto('/configuracoes/?tab=clinica');
      await page.getByRole('link', { name: /^Modelos de receita/ }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/clinica/modelos-receita');
      await page.getByRole('heading', { name: 'Modelos de receita' }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Novo' }).click();
      await page.getByRole('heading', { name: 'Novo modelo de receita' }).waitFor();

      await page.getByRole('textbox', { name: /^Nome/ }).fill(modelo);
      const editor = page.getByRole('textbox', { name: /^Conteúdo/ });
      await editor.click();
      await page.keyboard.type('Paciente: ');
      await page.getByRole('button', { name: 'Variáveis' }).click();
      await page.getByRole('menuitem', { name: /^Nome do pet/ }).click();
      await page.keyboard.type(' — tutor: {{tutor.nome}}');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Dado desconhecido: {{pet.cor}}');
      await expect.poll(() => editor.textContent()).toContain('Paciente: {{pet.nome}} — tutor: {{tutor.nome}}');
      await page.getByRole('button', { name: 'Negrito' }).click();
      await page.getByRole('button', { name: 'Salvar' }).click();

      // The API knows no {{pet.cor}}: its message lands under the editor, which says it is invalid.
      const erro = page.locator('[id$="-error"]').filter({ hasText: 'pet.cor' });
      await erro.waitFor();
      expect(await editor.getAttribute('aria-invalid')).toBe('true');
      await settledScreenshot(page, 'clinica-modelo-receita-erro');

      await editor.press('End');
      for (let i = 0; i < 'Dado desconhecido: {{pet.cor}}'.length + 1; i++) await page.keyboard.press('Backspace');
      await expect.poll(() => editor.textContent()).not.toContain('pet.cor');
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'clinica-modelo-receita');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/clinica/modelos-receita');
      await page.getByRole('row', { name: `Editar ${modelo}` }).waitFor();
      await settledScreenshot(page, 'clinica-modelos-receita');

      const salvos = await ok(
        callApi<ApiPage<Modelo>>(page, 'GET', `/api/clinica/modelos-documento?tipo=receita&query=${encodeURIComponent(modelo)}`),
      );
      const salvo = salvos.items.find((m) => m.nome === modelo);
      expect(salvo).toMatchObject({ tipo: 'receita', controleEspecial: false });
      expect(salvo?.conteudo).toContain('Paciente: {{pet.nome}} — tutor: {{tutor.nome}}');

      // A saved template (the tenant's own first one) opens with its text in the editor.
      const primeiro = page.getByRole('row', { name: /^Editar / }).first();
      const nome = ((await primeiro.getAttribute('aria-label')) ?? '').replace(/^Editar /, '');
      await primeiro.click();
      await page.getByRole('heading', { name: 'Editar modelo de receita' }).waitFor();
      expect(await page.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe(nome);
      await expect.poll(async () => ((await editor.textContent()) ?? '').trim().length).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'clinica-modelo-receita-editar');
    });

    it('fits a phone: the vaccine form and the template form never scroll sideways', async ({ browser }) => {
      const phone = await newPage(browser, { viewport: MOBILE_VIEWPORT });
      try {
        await login(phone);
        const salva = await buscarVacina(phone, vacina);
        await phone.goto(`/configuracoes/clinica/vacina/form/${salva?.id ?? ''}`);
        await phone.getByRole('heading', { name: 'Editar vacina' }).waitFor();
        await phone.getByRole('table', { name: 'Protocolos da vacina' }).waitFor();
        await expectNoSidewaysScroll(phone);
        await expectNoAxeViolations(phone);
        await settledScreenshot(phone, 'clinica-vacina-form-celular');
        await phone.goto('/configuracoes/clinica/modelos-documento/form');
        await phone.getByRole('heading', { name: 'Novo modelo de documento' }).waitFor();
        await expectNoSidewaysScroll(phone);
        await expectNoAxeViolations(phone);
        await settledScreenshot(phone, 'clinica-modelo-documento-celular');
      } finally {
        await phone.close();
      }
    });
  });
});
