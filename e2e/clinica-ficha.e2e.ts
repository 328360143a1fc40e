/**
 * The clinic's day on a pet's chart (issue #19, "E2E in Chromium"): the Pet Shop Demo's vet, on
 * the clinic's 1366×768 screen, opens a new puppy's chart from its owner's pets tab (the puppy
 * and a weight of a month ago made through the API), records a consultation with its weight (the
 * header and the weight chart move to it), applies the V10 puppy protocol (three doses previewed
 * 21 days apart, then planned), registers the first dose from its "Aplicar" (charged on the pet's
 * sale em atendimento; the second dose stays planned), issues a prescription from the "Receita
 * simples" template with a medicine after its preview, and downloads its PDF (bytes %PDF… with
 * the pet's name and the medicine); the vaccination card downloads as a PDF too. Screenshots of
 * the chart with the panels at 1366×768 and 1024×768.
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { callApi, describeE2E, expectNoSidewaysScroll, ok, poll, settledScreenshot } from './support.ts';
import { itVeterinario } from './clinica-support.ts';

const sufixo = Date.now().toString(36);
const TUTOR = `Tutor Ficha ${sufixo}`;
const PET = `Pipoca ${sufixo}`;

/** A day in São Paulo (the demo units' time zone), 'yyyy-MM-dd', `offset` days from today. */
const dia = (offset = 0): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + offset * 86_400_000));
const br = (iso: string) => iso.split('-').reverse().join('/');

/** The text a pdfmake PDF shows (its hex strings in TJ arrays, uncompressed, WinAnsi/Latin-1). */
const textoDoPdf = (pdf: Buffer): string => {
  const partes: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
    for (const hex of m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) partes.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return partes.join('');
};

/** The Pet Shop Demo's Matriz vet, on the screen size of the clinic's PCs. */
const it = itVeterinario;

describeE2E('clinica: ficha do animal — consulta, vacina e receita', () => {
  it('records a consultation with its weight, applies the V10 protocol, registers the first dose and issues a prescription as PDF', async ({
    page,
  }) => {
    // A new puppy of a new owner, with a weight of a month ago (made by the vet through the API).
    const especies = await ok(
      callApi<{ items: { id: string; nome: string }[] }>(page, 'GET', '/api/animal/especies?pageSize=100'),
    );
    const canina = especies.items.find((e) => e.nome === 'Canina');
    expect(canina, 'a espécie Canina do catálogo inicial').toBeTruthy();
    const clienteId = (
      await ok(
        callApi<{ id: string }>(page, 'POST', '/api/pessoal/pessoas', {
          nome: TUTOR,
          telefones: [{ numero: '11987651234', tipo: 'celular', whatsapp: true }],
        }),
      )
    ).id;
    const petId = (
      await ok(
        callApi<{ id: string }>(page, 'POST', '/api/animal/pets', {
          nome: PET,
          especieId: canina!.id,
          sexo: 'F',
          dataNascimento: dia(-70),
          tutores: [{ pessoaId: clienteId, principal: true }],
        }),
      )
    ).id;
    await ok(callApi(page, 'POST', '/api/clinica/registros', { petId, tipo: 'peso', data: `${dia(-30)}T10:00`, peso: 4.2 }));

    // From the owner's pets tab to the chart.
    await page.goto(`/clientes/${clienteId}?tab=pets`);
    await page.getByRole('link', { name: `Ficha clínica de ${PET}` }).click();
    await page.waitForURL((url) => url.pathname.includes(`/ficha-animal/${petId}`));
    await page.getByRole('heading', { name: PET, exact: true }).waitFor();
    const cabecalho = page.locator(`header[aria-label="Ficha de ${PET}"]`);
    const ultimoPeso = page.getByTestId('ultimo-peso');
    await poll(() => ultimoPeso.textContent()).toContain('4,2 kg');
    expect(await page.locator('[data-pontos]').getAttribute('data-pontos')).toBe('1');

    // A consultation with its weight, in place (N, Ctrl+Enter): the header and the chart move.
    await page.keyboard.press('n');
    const form = page.getByRole('form', { name: 'Novo registro' });
    await form.waitFor();
    await form.getByLabel('Anamnese').fill('Primeira consulta: filhote ativo, apetite normal, sem vacinas.');
    await form.getByRole('textbox', { name: 'Peso' }).fill('5,35');
    await form.getByRole('textbox', { name: 'Temperatura' }).fill('38,6');
    await form.getByLabel('Conduta').fill('Iniciar o protocolo V10 filhote hoje.');
    await form.getByLabel('Conduta').press('Control+Enter');
    await form.waitFor({ state: 'detached' });
    await poll(() => ultimoPeso.textContent()).toContain('5,35 kg');
    await poll(() => page.locator('[data-pontos]').getAttribute('data-pontos')).toBe('2');
    await poll(() => cabecalho.textContent()).toContain('5,35 kg');

    // The V10 puppy protocol from today: three doses 21 days apart, previewed, then planned.
    const vacinas = page.getByRole('region', { name: 'Vacinas' });
    await vacinas.getByRole('button', { name: 'Aplicar protocolo' }).click();
    const aplicar = page.getByRole('dialog', { name: 'Aplicar protocolo' });
    await aplicar.waitFor();
    await aplicar.getByLabel('Protocolo', { exact: true }).click();
    await page.getByRole('option', { name: 'V10 filhote', exact: true }).click();
    const previstas = aplicar.getByRole('table', { name: 'Doses que serão planejadas' });
    await poll(() => previstas.getByRole('row').allInnerTexts()).toEqual([
      'Dose\tData prevista',
      `1ª dose\t${br(dia())}`,
      `2ª dose\t${br(dia(21))}`,
      `3ª dose\t${br(dia(42))}`,
    ]);
    await settledScreenshot(page, 'clinica-ficha-aplicar-protocolo-1366');
    await aplicar.getByRole('button', { name: 'Aplicar protocolo' }).click();
    await aplicar.waitFor({ state: 'detached' });
    const planejadas = vacinas.getByRole('list', { name: 'Doses planejadas' });
    await poll(() => planejadas.getByRole('listitem').count()).toBe(3);
    const primeira = planejadas.getByRole('listitem', { name: /— 1ª dose$/ });
    expect(await primeira.textContent()).toContain(`${br(dia())} · vence hoje`);

    // The first dose, from its "Aplicar": the next dose shown is the protocol's second.
    await primeira.getByRole('button', { name: 'Aplicar' }).click();
    const registrar = page.getByRole('dialog', { name: 'Registrar vacina' });
    await registrar.waitFor();
    await poll(() => registrar.getByLabel('Próxima dose').inputValue()).toBe(br(dia(21)));
    const lote = `E2E${sufixo}`.toUpperCase();
    const loteDoEstoque = registrar.getByLabel('Lote do estoque', { exact: true });
    if (await loteDoEstoque.isVisible()) {
      // The vaccine's product controls lots: the earliest-expiring lot with stock.
      await loteDoEstoque.click();
      await page.getByRole('option').first().click();
    } else {
      await registrar.getByLabel('Lote', { exact: true }).fill(lote);
    }
    const cobrar = registrar.getByRole('switch', { name: /^Cobrar na venda em atendimento/ });
    // The demo's V10 is linked to its product (demo-clinica.ts): the dose is charged by default.
    expect(await cobrar.isChecked()).toBe(true);
    await settledScreenshot(page, 'clinica-ficha-registrar-vacina-1366');
    await registrar.getByRole('button', { name: 'Registrar dose' }).click();
    await registrar.waitFor({ state: 'detached' });
    const aviso = page.getByText(/^Dose registrada/);
    await aviso.waitFor();
    const textoAviso = await aviso.textContent();
    expect(textoAviso).toContain(`Próxima dose: 2ª dose em ${br(dia(21))}`);
    expect(textoAviso).toMatch(/^Dose registrada; adicionada à venda nº \d+\./);
    await poll(() => planejadas.getByRole('listitem').count()).toBe(2);
    const aplicadas = vacinas.getByRole('list', { name: 'Vacinas aplicadas' });
    await poll(() => aplicadas.textContent()).toContain(br(dia()));
    expect(await aplicadas.textContent()).toContain('V10');

    // The vaccination card as a PDF: the pet and the dose applied.
    const carteira = page.waitForEvent('download');
    await vacinas.getByRole('button', { name: 'Imprimir carteira' }).click();
    const pdfCarteira = await readFile((await (await carteira).path())!);
    expect(pdfCarteira.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(textoDoPdf(pdfCarteira)).toContain(PET);

    // A prescription from the "Receita simples" template with a medicine: preview, then its PDF.
    const documentos = page.getByRole('region', { name: 'Receitas e documentos' });
    await documentos.getByRole('button', { name: 'Emitir receita' }).click();
    const receita = page.getByRole('dialog', { name: 'Emitir receita' });
    await receita.waitFor();
    // A template is chosen at once (the first not of controle especial); other specs add templates to this tenant.
    await poll(() => receita.getByLabel('Modelo', { exact: true }).inputValue()).not.toBe('');
    if ((await receita.getByLabel('Modelo', { exact: true }).inputValue()) !== 'Receita simples') {
      await receita.getByLabel('Modelo', { exact: true }).click();
      await page.getByRole('option', { name: 'Receita simples', exact: true }).click();
    }
    await poll(() => receita.getByLabel('Modelo', { exact: true }).inputValue()).toBe('Receita simples');
    await receita.getByLabel('Nome do medicamento 1').fill('Vermífugo Drontal Puppy');
    await receita.getByLabel('Dose do medicamento 1').fill('1 mL/kg');
    await receita.getByLabel('Via do medicamento 1').fill('Oral');
    await receita.getByLabel('Frequência do medicamento 1').fill('dose única, repetir em 15 dias');
    await receita.getByLabel('Duração do medicamento 1').fill('15 dias');
    await receita.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = receita.getByRole('document');
    await poll(() => previa.textContent()).toContain(PET);
    await settledScreenshot(page, 'clinica-ficha-receita-1366');
    const download = page.waitForEvent('download');
    await receita.getByRole('button', { name: 'Emitir e baixar PDF' }).click();
    const arquivo = await download;
    expect(arquivo.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await arquivo.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texto = textoDoPdf(bytes);
    expect(texto).toContain(PET);
    expect(texto).toContain('Vermífugo Drontal Puppy');
    await receita.waitFor({ state: 'detached' });
    const emitidos = documentos.getByRole('list', { name: 'Documentos emitidos' });
    await poll(() => emitidos.getByRole('listitem').first().textContent()).toContain('Receita simples');

    await settledScreenshot(page, 'clinica-ficha-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoSidewaysScroll(page);
    await settledScreenshot(page, 'clinica-ficha-1024');
  });
});
