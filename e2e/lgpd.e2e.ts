/**
 * LGPD end to end (issue #22 item 6), as the demo administrator: a customer made through the API
 * with a CPF, phone and e-mail; on their page the "LGPD" menu downloads their data as JSON (the
 * file is read: the person, consent, purchases) and as PDF (bytes %PDF); "Anonimizar cliente"
 * opens the modal, the red button waits for ANONIMIZAR, and afterwards the page shows "Cliente
 * anonimizado" with the badge "Anonimizado"; the old name no longer finds them in the list.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { callApi, describeE2E, it, ok, poll, screenshot, settledScreenshot } from './support.ts';

/** A valid CPF from 9 random digits (Receita Federal check digits), so reruns never clash. */
const randomCpf = (): string => {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (digits.every((d) => d === digits[0])) digits[0] = (digits[0]! + 1) % 10;
  for (const weightStart of [10, 11]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
};

describeE2E('lgpd', () => {
  it('exports a customer data as JSON and PDF, then anonymises them through the modal', async ({ page }) => {
    const sufixo = Date.now().toString(36);
    const nome = `Helena Lgpd ${sufixo}`;
    const cpf = randomCpf();
    const pessoa = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/pessoal/pessoas', {
        nome,
        cpfCnpj: cpf,
        email: `helena.${sufixo}@exemplo.com.br`,
        telefones: [{ numero: '11987650000', tipo: 'celular', whatsapp: true }],
        consentimentoMarketing: true,
      }),
    );
    await page.goto(`/clientes/${pessoa.id}/`);
    await page.getByRole('heading', { name: nome }).waitFor();

    await page.getByRole('button', { name: 'LGPD' }).click();
    await page.getByRole('menuitem', { name: 'Exportar dados (JSON)' }).waitFor();
    await screenshot(page, 'lgpd-menu');
    const downloadJson = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Exportar dados (JSON)' }).click();
    const json = await downloadJson;
    expect(json.suggestedFilename()).toMatch(new RegExp(`^dados-pessoais-helena-lgpd-${sufixo}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const dados = JSON.parse(readFileSync((await json.path())!, 'utf8')) as {
      cabecalho: { controlador: { nome: string }; geradoPor: string };
      pessoa: { nome: string; cpfCnpj: string };
      consentimentos: { marketing: { consentido: boolean } };
      compras: unknown[];
    };
    expect(dados.pessoa).toMatchObject({ nome, cpfCnpj: cpf });
    expect(dados.consentimentos.marketing.consentido).toBe(true);
    expect(dados.compras).toEqual([]);
    expect(dados.cabecalho.geradoPor).not.toBe('');

    const downloadPdf = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Exportar dados (PDF)' }).click();
    const pdf = await downloadPdf;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    await page.getByRole('menuitem', { name: 'Anonimizar cliente' }).click();
    const modal = page.getByRole('dialog', { name: 'Anonimizar cliente (LGPD)' });
    await modal.waitFor();
    const botao = modal.getByRole('button', { name: 'Anonimizar cliente' });
    expect(await botao.isDisabled()).toBe(true);
    await modal.getByRole('textbox', { name: /^Motivo/ }).fill('Pedido do titular por e-mail');
    await modal.getByRole('textbox', { name: 'Digite ANONIMIZAR para confirmar' }).fill('ANONIMIZAR');
    await poll(() => botao.isEnabled()).toBe(true);
    await settledScreenshot(page, 'lgpd-anonimizar-modal');
    await botao.click();

    await page.getByRole('heading', { name: 'Cliente anonimizado' }).waitFor();
    await page.getByText('Anonimizado', { exact: true }).waitFor();
    await modal.waitFor({ state: 'detached' });
    await settledScreenshot(page, 'lgpd-cliente-anonimizado');

    const busca = await ok(
      callApi<{ items: { id: string }[] }>(page, 'GET', `/api/pessoal/pessoas?query=${encodeURIComponent(nome)}`),
    );
    expect(busca.items.map((p) => p.id)).not.toContain(pessoa.id);
    const porCpf = await ok(callApi<{ items: { id: string }[] }>(page, 'GET', `/api/pessoal/pessoas?query=${cpf}`));
    expect(porCpf.items.map((p) => p.id)).not.toContain(pessoa.id);
  });
});
