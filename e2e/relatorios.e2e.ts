/**
 * The reports index and the generic report screen end to end (issue #20), on the demo tenant
 * (its customers were registered over the two years before the seed; 60 days of sales):
 *
 * - /relatorios/ lists every report as a card, grouped, each linking to its screen;
 * - /relatorios/novos-clientes over last year: the table, stat cards and charts show, the totals
 *   row is the API's, "Exportar → Planilha Excel" downloads a workbook whose totals row says the
 *   same as the screen's, "Exportar → PDF" downloads a PDF; a ready-made period changes the URL
 *   and the period read; the "Como conheceu" filter narrows the answer.
 */
import { describe, expect } from 'vitest';
import { baseURL, callApi, describeE2E, it, ok, poll, settledScreenshot } from './support.ts';
import { abrirRelatorio, brl, dataBr, exportarPdf, exportarXlsx, mudarPeriodo, totaisDaTela } from './relatorios-support.ts';

type NovosClientes = {
  total: number;
  items: { nome: string; comoConheceu: string }[];
  totais: { clientes: number; comCompra: number; conversao: number | null; totalComprado: number };
  origens: { comoConheceu: string; clientes: number }[];
  periodo: { dataInicio: string; dataFim: string };
};

const CARTOES: Record<string, string[]> = {
  Vendas: ['Vendas por produto', 'Vendas por categoria', 'Curva ABC de produtos'],
  Estoque: ['Produtos próximos do vencimento', 'Posição de estoque', 'Movimentações de estoque'],
  Clientes: ['Curva ABC de clientes', 'Novos clientes'],
  'Banho e tosa': ['Banho e tosa por período', 'Banho e tosa por profissional'],
};

const percentual = (v: number) => `${v.toFixed(2).replace('.', ',')} %`;

describeE2E('reports (issue #20)', () => {
  describe('index and novos-clientes', () => {
    it('the index lists every report card by group, each opening its screen', async ({ page }) => {
      await page.goto(`${baseURL()}/relatorios`);
      await page.getByRole('heading', { name: 'Relatórios', level: 2 }).waitFor();
      for (const [grupo, titulos] of Object.entries(CARTOES)) {
        const regiao = page.getByRole('region', { name: grupo });
        await poll(() =>
          regiao.getByRole('link').evaluateAll((links) => links.map((l) => l.querySelector('p')?.textContent)),
        ).toEqual(titulos);
      }
      await settledScreenshot(page, 'relatorios-index');
      await page.getByRole('link', { name: /^Novos clientes/ }).click();
      await page.getByRole('heading', { name: 'Novos clientes', level: 2 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/relatorios/novos-clientes');
    });

    it('novos-clientes: last year on screen = API, exports XLSX (totals row as the screen) and PDF, presets and filter', async ({
      page,
    }) => {
      const ano = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }).slice(0, 4)) - 1;
      const intervalo = `dataInicio=${ano}-01-01&dataFim=${ano}-12-31`;
      const tabela = await abrirRelatorio(page, `/relatorios/novos-clientes?${intervalo}`, 'Novos clientes');
      const api = await ok(callApi<NovosClientes>(page, 'GET', `/api/relatorios/novos-clientes?${intervalo}`));
      // The demo registered customers all through last year.
      expect(api.total).toBeGreaterThan(20);
      await poll(() => page.getByTestId('relatorio-periodo').textContent()).toBe(
        `Período: ${dataBr(`${ano}-01-01`)} a ${dataBr(`${ano}-12-31`)}`,
      );
      await tabela.getByRole('cell', { name: api.items[0]!.nome, exact: true }).waitFor();
      const rotuloTotais = `${api.totais.clientes} clientes, ${api.totais.comCompra} com compra (${percentual(api.totais.conversao!)})`;
      await poll(() => totaisDaTela(page)).toEqual(['Total', '', '', rotuloTotais, '', '', brl(api.totais.totalComprado)]);
      await poll(() => page.getByRole('group', { name: 'Novos clientes', exact: true }).textContent()).toContain(
        String(api.totais.clientes),
      );
      await page.getByLabel('Gráfico de novos clientes por semana e por como conheceram a loja').waitFor();
      await page.getByLabel('Gráfico de rosca dos novos clientes por como conheceram a loja').waitFor();
      await settledScreenshot(page, 'relatorios-novos-clientes');

      // Exportar → XLSX: every row, and the totals row says what the screen says.
      const xlsx = await exportarXlsx(page);
      expect(xlsx.nome).toBe(`novos-clientes-${ano}-01-01-a-${ano}-12-31.xlsx`);
      expect(xlsx.linhas[0]).toEqual([
        'Cliente',
        'Cadastrado em',
        'Telefone',
        'Como conheceu',
        'Primeira compra',
        'Valor da primeira compra',
        'Total comprado no período',
      ]);
      expect(xlsx.linhas).toHaveLength(api.total + 2);
      const total = xlsx.linhas.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(total[3]).toBe(rotuloTotais);
      expect(brl(Number(total[6] ?? 0))).toBe((await totaisDaTela(page))[6]);
      expect(xlsx.linhas[1]![0]).toBe(api.items[0]!.nome);

      // Exportar → PDF: a PDF download.
      const pdf = await exportarPdf(page);
      expect(pdf.nome).toBe(`novos-clientes-${ano}-01-01-a-${ano}-12-31.pdf`);
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

      // The "Como conheceu" filter: the most common answer narrows the table to its customers.
      const origem = api.origens[0]!;
      await page.locator('input[aria-label="Como conheceu"]').click();
      await page.getByRole('option', { name: origem.comoConheceu, exact: true }).click();
      await poll(() => new URL(page.url()).searchParams.get('comoConheceu')).toBe(origem.comoConheceu);
      await poll(() => totaisDaTela(page).then((c) => c[3])).toMatch(new RegExp(`^${origem.clientes} clientes?`));
      await poll(() =>
        tabela
          .locator('tbody tr')
          .evaluateAll((linhas) => [...new Set(linhas.map((l) => l.querySelectorAll('td')[3]?.textContent))]),
      ).toEqual([origem.comoConheceu]);

      // A ready-made period: "Mês passado" goes into the URL and the period read.
      const periodo = await mudarPeriodo(page, 'Mês passado');
      expect(periodo.dataInicio.slice(8)).toBe('01');
      const apiMes = await ok(
        callApi<NovosClientes>(
          page,
          'GET',
          `/api/relatorios/novos-clientes?dataInicio=${periodo.dataInicio}&dataFim=${periodo.dataFim}&comoConheceu=${encodeURIComponent(origem.comoConheceu)}`,
        ),
      );
      await poll(() =>
        page
          .getByText(apiMes.total > 0 ? /\d+–\d+ de \d+/ : 'Nenhum registro no período')
          .first()
          .isVisible(),
      ).toBe(true);
      await settledScreenshot(page, 'relatorios-novos-clientes-mes-passado');
    });
  });
});
