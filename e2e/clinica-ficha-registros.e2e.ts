/**
 * The animal's chart, its records (issue #19 item 6): the demo tenant's vet opens a dog's chart
 * from the customer's pets tab, records a consultation in place (N, exame físico with a weight,
 * an image and a PDF attached, Ctrl+Enter), sees it on top of the timeline with its
 * attachments, the weight chart's last point move to the new weight, and downloads the record's
 * PDF. Screenshots at 1366×768 and 1024×768.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi, describeE2E, expectNoAxeViolations, expectNoSidewaysScroll, ok, poll, settledScreenshot } from './support.ts';
import { itVeterinario } from './clinica-support.ts';

type PetApi = {
  id: string;
  nome: string;
  especieNome: string | null;
  ativo: boolean;
  dataObito: string | null;
  tutores: { pessoaId: string; nome: string; principal: boolean }[];
};

/** A 1×1 PNG and a one-line PDF: the API checks the files' first bytes. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF_MINIMO = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The Pet Shop Demo's Matriz vet, on the screen size of the clinic's PCs. */
const it = itVeterinario;

const pesoDoGrafico = (page: Page) =>
  page
    .getByTestId('ultimo-peso')
    .textContent()
    .catch(() => '');

describeE2E('clinica: ficha do animal, registros', () => {
  it('records a consultation with its weight and attachments in place; the timeline and the weight chart show it', async ({
    page,
  }) => {
    const pets = await ok(callApi<{ items: PetApi[] }>(page, 'GET', '/api/animal/pets?pageSize=100&ativo=true'));
    // A dog of the demo with weights already (its consultation), so the chart's last point moves.
    const caes = pets.items.filter((p) => /can/i.test(p.especieNome ?? '') && !p.dataObito && p.tutores.length > 0);
    let pet: PetApi | undefined;
    let ultimoPeso = 10;
    for (const candidato of caes) {
      const pesos = await ok(
        callApi<{ peso: number }[]>(page, 'GET', `/api/clinica/registros/historico-peso?petId=${candidato.id}`),
      );
      if (pesos.length > 0) {
        pet = candidato;
        ultimoPeso = pesos.at(-1)!.peso;
        break;
      }
    }
    pet ??= caes[0];
    // A plausible new weight, 350 g more, as typed ('8,515') and as shown ('8,515 kg').
    const novoPeso = Math.round((ultimoPeso + 0.35) * 1000) / 1000;
    const novoPesoTexto = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(novoPeso);
    expect(pet, 'um cão ativo com tutor nos dados de demonstração').toBeTruthy();
    const tutor = pet!.tutores.find((t) => t.principal) ?? pet!.tutores[0]!;

    // From the customer's pets tab to the chart.
    await page.goto(`/clientes/${tutor.pessoaId}?tab=pets`);
    await page.getByRole('link', { name: `Ficha clínica de ${pet!.nome}` }).click();
    await page.waitForURL((url) => url.pathname.includes(`/ficha-animal/${pet!.id}`));
    await page.getByRole('heading', { name: pet!.nome, exact: true }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Caminho' }).textContent()).toContain(`Ficha de ${pet!.nome}`);
    const pesoAntes = await pesoDoGrafico(page);
    const pontosAntes = Number(
      (await page
        .locator('[data-pontos]')
        .getAttribute('data-pontos')
        .catch(() => '0')) ?? '0',
    );
    await settledScreenshot(page, 'clinica-ficha-registros-1366');

    // N opens the form at the top of the timeline, the anamnese focused.
    await page.keyboard.press('n');
    const form = page.getByRole('form', { name: 'Novo registro' });
    await form.waitFor();
    await poll(() => form.getByLabel('Anamnese').evaluate((el) => el === document.activeElement)).toBe(true);
    const anamnese = `Prurido intenso há uma semana ${Date.now().toString(36)}`;
    await form.getByLabel('Anamnese').fill(anamnese);
    await form.getByRole('textbox', { name: 'Peso' }).fill(novoPesoTexto);
    await form.getByRole('textbox', { name: 'Temperatura' }).fill('38,7');
    await form.getByRole('textbox', { name: 'FC (bpm)' }).fill('96');
    await form.getByLabel('Diagnóstico').fill('Dermatite alérgica');
    await form.getByLabel('Conduta').fill('Banho terapêutico semanal; retorno em 15 dias');
    await form.locator('input[type="file"]').setInputFiles([
      { name: 'lesao.png', mimeType: 'image/png', buffer: PNG_1PX },
      { name: 'hemograma.pdf', mimeType: 'application/pdf', buffer: PDF_MINIMO },
    ]);
    await form.getByText('hemograma.pdf').waitFor();
    await settledScreenshot(page, 'clinica-ficha-registros-form-1366');
    // The open form is a state no page.goto reaches: checked here.
    await expectNoAxeViolations(page);

    await form.getByLabel('Conduta').press('Control+Enter');
    await form.waitFor({ state: 'detached' });

    // On top of the timeline, with its exame físico and attachments.
    const card = page.getByRole('article').filter({ hasText: anamnese });
    await card.waitFor();
    expect(await page.getByLabel('Registros').getByRole('article').first().textContent()).toContain(anamnese);
    const texto = await card.textContent();
    expect(texto).toContain('Consulta');
    expect(texto).toContain(`${novoPesoTexto} kg`);
    expect(texto).toContain('38,7 °C');
    expect(texto).toContain('Dermatite alérgica');
    // The image's thumbnail is the stored file itself (/api/arquivos/{id}), loaded.
    await card.getByRole('button', { name: 'Ver lesao.png' }).waitFor();
    await poll(() =>
      card.locator('img[alt="lesao.png"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBe(1);
    const pdf = card.getByRole('link', { name: /hemograma\.pdf/ });
    expect(await pdf.getAttribute('href')).toMatch(/^\/api\/arquivos\/[0-9a-f-]{36}$/);
    expect(await pdf.getAttribute('target')).toBe('_blank');

    // The weight chart moved: one more point, the last one the new weight.
    expect(pesoAntes).not.toContain(`${novoPesoTexto} kg`);
    await poll(() => pesoDoGrafico(page)).toContain(`${novoPesoTexto} kg`);
    await poll(() => pesoDoGrafico(page)).toContain('(+0,35 kg)');
    await poll(async () => Number(await page.locator('[data-pontos]').getAttribute('data-pontos'))).toBe(pontosAntes + 1);
    await poll(() => page.locator('[data-pontos] .recharts-line-dot, [data-pontos] .recharts-dot').count()).toBeGreaterThan(0);

    // The image opens large; the record's PDF downloads.
    await card.getByRole('button', { name: 'Ver lesao.png' }).click();
    const modal = page.getByRole('dialog', { name: 'lesao.png' });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: /^PDF: Consulta de/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    await page.getByText('Registro salvo').waitFor({ state: 'detached' });
    await settledScreenshot(page, 'clinica-ficha-registros-salvo-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoSidewaysScroll(page);
    await settledScreenshot(page, 'clinica-ficha-registros-1024');
  });
});
