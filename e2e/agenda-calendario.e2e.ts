/**
 * The calendar /atendimentos/ end to end (issue #17 item 4): book a bath by clicking an empty
 * slot of a box row, see it on the calendar, drag it to another box (the API then has the new
 * boxId), a booking over it is refused with the clash named, axe-core on the screen, desktop
 * and phone screenshots. The boxes are created for the run; the type "Banho" and a pet come
 * from the tenant (created when missing).
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

type Recurso = { id: string; nome: string };
type Tipo = { id: string; nome: string; recurso: string; ativo: boolean };
type Pet = { id: string; nome: string; tutores: { pessoaId: string; nome: string }[] };
type Evento = { id: string; petNome: string; boxId: string | null; inicio: string; fim: string };
type Configuracoes = { horarios: { diaSemana: number; aberto: boolean; abre: string; fecha: string }[]; petsPorBox: number };

const sufixo = Date.now().toString(36);

/** A quarta-feira 3 to 8 weeks ahead (away from the demo's days), 'yyyy-MM-dd'. */
const diaDoTeste = (): string => {
  const d = new Date();
  d.setDate(d.getDate() + 21 + Math.floor(Math.random() * 35));
  d.setDate(d.getDate() + ((3 - d.getDay() + 7) % 7));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The slot button of a box row at a time ('HH:mm'), as @mantine/schedule labels it. */
const slot = (page: Page, box: string, dia: string, hora: string) =>
  page.getByRole('button', { name: new RegExp(`^Horário do recurso ${box} ${dia} ${hora}`) });

const eventosDoDia = async (page: Page, dia: string) =>
  (await ok(callApi<{ eventos: Evento[] }>(page, 'GET', `/api/agenda/eventos?dataInicio=${dia}&dataFim=${dia}`))).eventos;

/** Picks an option of a Mantine Select (searchable or not) by typing and clicking it. */
const escolher = async (page: Page, label: string, texto: string, opcao: RegExp) => {
  // A required field's label ends in its asterisk.
  const campo = page.getByRole('dialog').getByLabel(new RegExp(`^${label}( \\*)?$`));
  await campo.click();
  await campo.fill(texto);
  await page.getByRole('option', { name: opcao }).first().click();
};

describeE2E('agenda: calendário', () => {
  describe.sequential('book, drag to another box, clash', () => {
    const dia = diaDoTeste();
    const boxA = `Box A ${sufixo}`;
    const boxB = `Box B ${sufixo}`;
    let tipo: Tipo;
    let pets: Pet[];

    const preparar = async (page: Page) => {
      // One pet per box at a time, so a second booking in the same box clashes.
      const config = await ok(callApi<Configuracoes>(page, 'GET', '/api/agenda/configuracoes'));
      const horarios = config.horarios.map((h) =>
        h.diaSemana === 3 ? { ...h, aberto: true, abre: '08:00', fecha: '18:00' } : h,
      );
      await ok(callApi(page, 'PUT', '/api/agenda/configuracoes', { ...config, horarios, petsPorBox: 1 }));
      for (const nome of [boxA, boxB]) await ok(callApi<Recurso>(page, 'POST', '/api/agenda/boxes', { nome }));
      const tipos = await ok(callApi<ApiPage<Tipo>>(page, 'GET', '/api/agenda/tipos-atendimento?pageSize=100&ativo=true'));
      tipo =
        tipos.items.find((t) => t.nome === 'Banho' && t.recurso === 'Box') ??
        (await ok(
          callApi<Tipo>(page, 'POST', '/api/agenda/tipos-atendimento', {
            nome: `Banho ${sufixo}`,
            area: 'BanhoTosa',
            duracaoMinutos: 60,
            cor: '#228be6',
            recurso: 'Box',
          }),
        ));
      pets = (await ok(callApi<ApiPage<Pet>>(page, 'GET', '/api/animal/pets?pageSize=20&ativo=true'))).items.filter(
        (p) => p.tutores.length > 0,
      );
      expect(new Set(pets.map((p) => p.nome)).size, 'pets de nomes diferentes no tenant').toBeGreaterThan(1);
    };

    it('books a bath by clicking an empty slot of a box row and sees it on the calendar', async ({ page }) => {
      await preparar(page);
      const pet = pets[0]!;
      await page.goto(`/atendimentos/?data=${dia}`);
      await slot(page, boxA, dia, '10:00').click();
      const modal = page.getByRole('dialog', { name: 'Novo atendimento' });
      await modal.waitFor();
      await escolher(page, 'Pet', pet.nome, new RegExp(`^${pet.nome}`));
      await escolher(page, 'Tipo de atendimento', tipo.nome, new RegExp(`^${tipo.nome}$`));
      // The clicked slot and row came in; the type's duration set the end.
      await expect.poll(() => modal.getByLabel('Box', { exact: true }).inputValue()).toBe(boxA);
      expect(await modal.getByLabel('Início').inputValue()).toBe('10:00');
      expect(await modal.getByLabel('Fim').inputValue()).not.toBe('');
      await settledScreenshot(page, 'agenda-novo-atendimento');
      await modal.getByRole('button', { name: 'Agendar' }).click();
      await modal.waitFor({ state: 'detached' });

      const evento = page.getByTestId('evento-agenda').filter({ hasText: pet.nome });
      await evento.waitFor();
      const [criado] = (await eventosDoDia(page, dia)).filter((e) => e.petNome === pet.nome);
      expect(criado).toMatchObject({ inicio: `${dia}T10:00` });
      const boxes = await ok(callApi<ApiPage<Recurso>>(page, 'GET', '/api/agenda/boxes?pageSize=100'));
      expect(criado!.boxId).toBe(boxes.items.find((b) => b.nome === boxA)!.id);
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'agenda-dia-desktop');
    });

    it('drags the appointment to another box row: the API has the new box', async ({ page }) => {
      const pet = pets[0]!;
      const boxes = await ok(callApi<ApiPage<Recurso>>(page, 'GET', '/api/agenda/boxes?pageSize=100'));
      const idB = boxes.items.find((b) => b.nome === boxB)!.id;
      const evento = page.getByTestId('evento-agenda').filter({ hasText: pet.nome });
      // Grabbed and dropped by its start edge, so the new start is the slot's.
      await evento.dragTo(slot(page, boxB, dia, '10:00'), { sourcePosition: { x: 4, y: 8 }, targetPosition: { x: 2, y: 8 } });
      await poll(async () => (await eventosDoDia(page, dia)).find((e) => e.petNome === pet.nome)?.boxId).toBe(idB);
      await poll(async () => (await eventosDoDia(page, dia)).find((e) => e.petNome === pet.nome)?.inicio).toBe(`${dia}T10:00`);
    });

    it('the week view shows it in its box row, accessible', async ({ page }) => {
      await page.goto(`/atendimentos/?data=${dia}&visao=semana`);
      await page.getByTestId('evento-agenda').filter({ hasText: pets[0]!.nome }).first().waitFor();
      await expectNoAxeViolations(page);
      await settledScreenshot(page, 'agenda-semana-desktop');
      await page.goto(`/atendimentos/?data=${dia}`);
      await page.getByTestId('evento-agenda').filter({ hasText: pets[0]!.nome }).first().waitFor();
    });

    it('a booking over it in the same box is refused with the clash named, nothing typed lost', async ({ page }) => {
      const outro = pets.find((p) => p.nome !== pets[0]!.nome)!;
      // 09:30 + the bath's hour overlaps the appointment now at 10:00 in box B.
      await slot(page, boxB, dia, '09:30').click();
      const modal = page.getByRole('dialog', { name: 'Novo atendimento' });
      await modal.waitFor();
      await escolher(page, 'Pet', outro.nome, new RegExp(`^${outro.nome}`));
      await escolher(page, 'Tipo de atendimento', tipo.nome, new RegExp(`^${tipo.nome}$`));
      await modal.getByLabel('Não fazer').fill('Não cortar as unhas');
      await modal.getByRole('button', { name: 'Agendar' }).click();
      const alerta = modal.getByRole('alert').filter({ hasText: 'Conflito com' });
      await alerta.first().waitFor();
      expect(await alerta.first().textContent()).toContain(pets[0]!.nome);
      expect(await modal.getByLabel('Não fazer').inputValue()).toBe('Não cortar as unhas');
      await settledScreenshot(page, 'agenda-conflito');
      await modal.getByRole('button', { name: 'Cancelar' }).click();
      expect((await eventosDoDia(page, dia)).filter((e) => e.petNome === outro.nome)).toEqual([]);
    });

    it('on a phone the list is the default view, with no sideways scroll', async ({ browser }) => {
      const phone = await newPage(browser, { viewport: MOBILE_VIEWPORT });
      await login(phone);
      await phone.goto(`/atendimentos/?data=${dia}`);
      const tabela = phone.getByRole('table', { name: 'Atendimentos' });
      await tabela.getByRole('row').filter({ hasText: pets[0]!.nome }).first().waitFor();
      await expectNoSidewaysScroll(phone);
      await expectNoAxeViolations(phone);
      await settledScreenshot(phone, 'agenda-lista-celular');
      // Keyboard: Enter on the row opens the appointment.
      await tabela.getByRole('row').filter({ hasText: pets[0]!.nome }).first().focus();
      await phone.keyboard.press('Enter');
      await phone.getByRole('dialog', { name: 'Atendimento' }).waitFor();
      await phone.getByRole('button', { name: 'Confirmar' }).waitFor();
      await settledScreenshot(phone, 'agenda-atendimento-celular');
      await phone.context().close();
    });
  });
});
