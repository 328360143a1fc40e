/**
 * Spreadsheet import end to end (issue #3 item 5): the demo administrator uploads a small XLSX
 * of customers with pets, sees which rows are valid and which are not, imports the valid one
 * and finds the new customer through the API and in the list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, launchBrowser, login, newPage, screenshot } from './support.ts';

const SESSION_KEY = 'petshop-session';

type Pessoa = { nome: string; cpfCnpj: string | null; pets: { nome: string; especieNome: string | null }[] };

/** GET through the page, with the session's token and unit, as the web app calls the API. */
const apiGet = <T>(page: Page, url: string) =>
  page.evaluate(
    async ({ key, url }) => {
      const session = JSON.parse(localStorage.getItem(key)!) as {
        state: { accessToken: string; unidadeNegocio: { id: string } };
      };
      const res = await fetch(url, {
        headers: {
          authorization: `Bearer ${session.state.accessToken}`,
          'x-unidade-negocio': session.state.unidadeNegocio.id,
          'x-origin': 'web',
        },
      });
      return (await res.json()) as unknown;
    },
    { key: SESSION_KEY, url },
  ) as Promise<T>;

describeE2E('spreadsheet import', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'petshop-importacao-'));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports the valid rows of an XLSX of customers and pets, and the new customer is found', async () => {
    const sufixo = Date.now().toString(36);
    const nome = `Importada Planilha ${sufixo}`;
    const cpf = generateCpf();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['Nome do Cliente', 'CPF/CNPJ', 'Celular', 'E-mail', 'Nome do pet', 'Espécie', 'Raça']);
    sheet.addRow([nome, cpf, '(11) 98888-7777', `importada.${sufixo}@exemplo.com.br`, 'Paçoca', 'Canina', 'Beagle']);
    sheet.addRow(['Cliente CPF Errado', '111.111.111-11', '', '', 'Rex', 'Canina', '']);
    sheet.addRow(['Cliente Jurássico', '', '', '', 'Rex', 'Dinossauro', '']);
    const arquivo = path.join(dir, 'clientes.xlsx');
    await workbook.xlsx.writeFile(arquivo);

    const page = await newPage(browser);
    await login(page);
    await page.goto('/clientes/importar');
    await page.getByRole('heading', { name: 'Importar clientes e pets' }).waitFor();
    await screenshot(page, 'importacao-arquivo');

    // The template comes through the HTTP client (token in the header) as a real download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar modelo (XLSX)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('modelo-clientes.xlsx');
    const modelo = new ExcelJS.Workbook();
    await modelo.xlsx.readFile(await download.path());
    expect(modelo.worksheets.map((w) => w.name)).toEqual(['Clientes e pets', 'Instruções']);
    expect(modelo.worksheets[0]!.getRow(1).getCell(1).value).toBe('Nome do cliente');

    // Choosing the file uploads it and opens the columns step with the suggested mapping.
    await page.locator('input[type="file"]').setInputFiles(arquivo);
    const conferir = page.getByRole('button', { name: 'Conferir linhas' });
    await conferir.waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Nome do cliente (obrigatório)' }).inputValue())
      .toBe('Nome do Cliente');
    await expect.poll(() => page.getByRole('combobox', { name: 'Espécie' }).inputValue()).toBe('Espécie');
    await screenshot(page, 'importacao-colunas');

    await conferir.click();
    await page.getByText('1 válida', { exact: true }).first().waitFor();
    await page.getByText('2 com erro', { exact: true }).first().waitFor();
    await page.getByText('CPF/CNPJ inválido').waitFor();
    await page.getByText('Espécie "Dinossauro" não cadastrada').waitFor();
    // Mantine 9 lays the switch's (transparent) input over the whole switch, label included: click it.
    const soErros = page.getByRole('switch', { name: 'Mostrar só linhas com erro' });
    await soErros.click();
    await expect.poll(() => soErros.isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: nome }).count()).toBe(0);
    await screenshot(page, 'importacao-conferencia');

    await page.getByRole('button', { name: 'Importar 1 linha válida' }).click();
    await page.getByText('Importação concluída').waitFor();
    await page.getByText('1 cliente importado').waitFor();
    await page.getByText('1 pet importado').waitFor();
    await page.getByText('Linha 3: CPF/CNPJ inválido').waitFor();
    await screenshot(page, 'importacao-resultado');

    const lista = await apiGet<{ items: Pessoa[] }>(page, `/api/pessoal/pessoas?query=${encodeURIComponent(nome)}`);
    expect(lista.items).toHaveLength(1);
    expect(lista.items[0]).toMatchObject({ nome, cpfCnpj: cpf, pets: [{ nome: 'Paçoca', especieNome: 'Canina' }] });
    const rejeitados = await apiGet<{ total: number }>(page, '/api/pessoal/pessoas?query=Cliente%20Jur%C3%A1ssico');
    expect(rejeitados.total).toBe(0);

    await page.getByRole('link', { name: 'Ver clientes' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/clientes'));
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nome);
    await page.getByText(nome).first().waitFor();
    await screenshot(page, 'importacao-cliente-na-lista');
    await page.context().close();
  });

  it('previews a Latin-1 CSV of products with a bad barcode', async () => {
    const csv = [
      'Descrição;EAN;Preço;Unidade',
      'Petisco de frango 100 g;;12,90;UN',
      'Coleira média;7891234567890;39,90;UN',
      '',
    ].join('\r\n');
    const arquivo = path.join(dir, 'produtos.csv');
    writeFileSync(arquivo, Buffer.from(csv, 'latin1'));

    const page = await newPage(browser);
    await login(page);
    await page.goto('/produtos/importar');
    await page.locator('input[type="file"]').setInputFiles(arquivo);
    await page.getByRole('button', { name: 'Conferir linhas' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Nome (obrigatório)' }).inputValue()).toBe('Descrição');
    await expect.poll(() => page.getByRole('combobox', { name: 'Preço de venda' }).inputValue()).toBe('Preço');
    await screenshot(page, 'importacao-produtos-colunas');
    await page.getByRole('button', { name: 'Conferir linhas' }).click();
    await page.getByText('Código de barras inválido (dígito verificador não confere)').waitFor();
    await page.getByRole('button', { name: 'Importar 1 linha válida' }).waitFor();
    await screenshot(page, 'importacao-produtos-conferencia');
    await page.context().close();
  });
});
