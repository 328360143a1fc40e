/**
 * The agenda settings end to end (issue #17 item 1; spec §2 /configuracoes/atendimento/*):
 * create a box (new at boxes/form/, edited at boxes/form/{id} with the box loaded first), a
 * room, an appointment type priced by a demo service and sent back to `returnTo` after
 * saving, and edit the unit's opening hours (restored at the end, so the other specs find
 * the demo's). axe-core checks every screen (each goto; the forms reached by clicks
 * explicitly); desktop and 390 px phone screenshots, the phone never scrolling sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  callApi,
  describeE2E,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  it,
  login,
  MOBILE_VIEWPORT,
  newPage,
  ok,
  poll,
  settledScreenshot,
  type ApiPage,
} from './support.ts';

type Recurso = { id: string; nome: string; ativo: boolean };
type Tipo = {
  id: string;
  nome: string;
  area: string;
  duracaoMinutos: number;
  cor: string;
  produtoNome: string | null;
  preco: number | null;
  recurso: string;
};
type Configuracoes = {
  horarios: { diaSemana: number; aberto: boolean; abre: string; fecha: string }[];
  intervaloMinutos: number;
  petsPorProfissional: number;
  petsPorBox: number;
};

const sufixo = Date.now().toString(36);

/** Picks an option of a Mantine Select by clicking it open (typing first when `texto`). */
const escolher = async (page: Page, label: RegExp, opcao: string | RegExp, texto?: string) => {
  const campo = page.getByRole('combobox', { name: label });
  await campo.click();
  if (texto) await campo.fill(texto);
  await page.getByRole('option', { name: opcao }).first().click();
};

const buscar = async <T extends { nome: string }>(page: Page, recurso: string, nome: string): Promise<T | undefined> =>
  (await ok(callApi<ApiPage<T>>(page, 'GET', `/api/agenda/${recurso}?query=${encodeURIComponent(nome)}`))).items.find(
    (r) => r.nome === nome,
  );

describeE2E('agenda: configurações de atendimento', () => {
  describe.sequential('boxes, salas, tipos and the opening hours', () => {
    const box = `Box E2E ${sufixo}`;
    const sala = `Consultório E2E ${sufixo}`;
    const tipo = `Microchip E2E ${sufixo}`;

    it('creates a box at form/ and edits it at form/{id}, loaded first', async ({ page }) => {
      await page.goto('/configuracoes/?tab=atendimento');
      await page.getByRole('link', { name: /^Boxes/ }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/atendimento/boxes');
      await page.getByRole('link', { name: 'Novo' }).click();
      await page.waitForURL((url) => /\/boxes\/form\/?$/.test(url.pathname));
      await page.getByRole('heading', { name: 'Novo box' }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByLabel('Nome').fill(box);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/atendimento/boxes');
      await page.getByRole('row', { name: `Editar ${box}` }).click();
      await page.waitForURL((url) => /\/boxes\/form\/[0-9a-f-]{36}$/.test(url.pathname));
      // The box was loaded before the form showed: its name is there.
      expect(await page.getByLabel('Nome').inputValue()).toBe(box);
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'agenda-box-form');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/atendimento/boxes');
      await settledScreenshot(page, 'agenda-boxes');
      expect((await buscar<Recurso>(page, 'boxes', box))?.ativo).toBe(true);
    });

    it('creates a room', async ({ page }) => {
      await page.goto('/configuracoes/atendimento/salas/form');
      await page.getByLabel('Nome').fill(sala);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL((url) => url.pathname === '/configuracoes/atendimento/salas');
      await page.getByRole('row', { name: `Editar ${sala}` }).waitFor();
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'agenda-salas');
      expect(await buscar<Recurso>(page, 'salas', sala)).toBeTruthy();
    });

    it('creates a type priced by a service and goes back to returnTo', async ({ page }) => {
      const returnTo = '/configuracoes/atendimento/salas';
      await page.goto(`/configuracoes/atendimento/tipos-atendimento/form?returnTo=${encodeURIComponent(returnTo)}`);
      await page.getByRole('heading', { name: 'Novo tipo de atendimento' }).waitFor();
      await page.getByLabel('Nome').fill(tipo);
      await escolher(page, /^Área/, 'Clínica');
      await page.getByLabel(/^Duração/).fill('45');
      await page.getByText('Padrão na agenda: 45min').waitFor();
      const cor = page.getByLabel('Cor na agenda');
      await cor.fill('#12b886');
      await cor.press('Escape');
      await escolher(page, /^Serviço/, /^Microchipagem — R\$ 120,00$/, 'Microchip');
      await escolher(page, /^Recurso/, 'Sala (clínica)');
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'agenda-tipo-form');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL((url) => url.pathname === returnTo);

      const salvo = await buscar<Tipo>(page, 'tipos-atendimento', tipo);
      expect(salvo).toMatchObject({
        area: 'Clinica',
        duracaoMinutos: 45,
        cor: '#12b886',
        produtoNome: 'Microchipagem',
        preco: 120,
        recurso: 'Sala',
      });

      await page.goto(`/configuracoes/atendimento/tipos-atendimento?query=${encodeURIComponent(tipo)}`);
      const linha = page.getByRole('row', { name: `Editar ${tipo}` });
      await linha.getByText('45min').waitFor();
      await linha.getByText('R$ 120,00').waitFor();
      await settledScreenshot(page, 'agenda-tipos');
    });

    it('edits the opening hours and the slot size, then puts them back', async ({ page }) => {
      const antes = await ok(callApi<Configuracoes>(page, 'GET', '/api/agenda/configuracoes'));
      try {
        await page.goto('/configuracoes/atendimento/agenda');
        await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
        const domingo = page.getByRole('switch', { name: 'Domingo: aberto' });
        if (!(await domingo.isChecked())) await domingo.check({ force: true });
        await page.getByLabel('Domingo: abre').fill('09:00');
        await page.getByLabel('Domingo: fecha').fill('08:00');
        await page.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('O fechamento deve ser depois da abertura').waitFor();
        await page.getByLabel('Domingo: fecha').fill('13:00');
        await escolher(page, /^Intervalo da agenda/, '20 minutos');
        await page.getByLabel('Pets por box').fill('3');
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('Salvo com sucesso').waitFor();
        await settledScreenshot(page, 'agenda-configuracoes');

        await poll(async () => (await ok(callApi<Configuracoes>(page, 'GET', '/api/agenda/configuracoes'))).horarios[0]).toEqual({
          diaSemana: 0,
          aberto: true,
          abre: '09:00',
          fecha: '13:00',
        });
        const depois = await ok(callApi<Configuracoes>(page, 'GET', '/api/agenda/configuracoes'));
        expect(depois).toMatchObject({ intervaloMinutos: 20, petsPorBox: 3, petsPorProfissional: antes.petsPorProfissional });
        expect(depois.horarios.slice(1)).toEqual(antes.horarios.slice(1));
      } finally {
        await ok(callApi(page, 'PUT', '/api/agenda/configuracoes', antes));
      }
    });

    it('fits a 390 px phone without sideways scroll', async ({ browser }) => {
      const phone = await newPage(browser, { viewport: MOBILE_VIEWPORT });
      try {
        await login(phone);
        const telas: [string, string, string][] = [
          ['/configuracoes/atendimento/tipos-atendimento', 'Tipos de atendimento', 'agenda-tipos-phone'],
          ['/configuracoes/atendimento/tipos-atendimento/form', 'Novo tipo de atendimento', 'agenda-tipo-form-phone'],
          ['/configuracoes/atendimento/boxes', 'Boxes', 'agenda-boxes-phone'],
          ['/configuracoes/atendimento/salas/form', 'Nova sala', 'agenda-sala-form-phone'],
          ['/configuracoes/atendimento/agenda', 'Agenda', 'agenda-configuracoes-phone'],
        ];
        for (const [url, titulo, nome] of telas) {
          await phone.goto(url);
          await phone.getByRole('heading', { name: titulo, exact: true }).waitFor();
          await expectNoSidewaysScroll(phone);
          await settledScreenshot(phone, nome);
        }
      } finally {
        await phone.context().close();
      }
    });
  });
});
