/**
 * The CPU pool (lib/cpu-pool.ts; issue #22 item 2 "nothing blocks the event loop"): the heavy
 * functions answer through the pool's worker threads exactly what they answer in place — the
 * NF-e signature (valid and invalid on the public samples, read in place from
 * ../shared/fixtures/nfe/samples), the NF-e reader and its refusals, the XLSX (readable, typed
 * cells, totals) and the CSV — and the event loop keeps answering while a 990-item signature is
 * checked (its longest delay, measured by monitorEventLoopDelay, stays under a generous 500 ms
 * where the same check in place blocks it for its whole 4 s). Pure unit tests: no database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeCpuPool, runCpuTask } from '../src/lib/cpu-pool.ts';
import { buildCsv, LINHAS_NO_POOL, writeSpreadsheet, type SpreadsheetColumn } from '../src/lib/spreadsheet-export.ts';
import { parseNfe } from '../src/modules/compras/nfe/parse-nfe.ts';
import { verifyNfeSignature } from '../src/modules/compras/nfe/signature.ts';
import { nfeGrande } from './nfe-grande.ts';

const PASTA = fileURLToPath(new URL('../../../../shared/fixtures/nfe/samples/', import.meta.url));
const amostra = (nome: string): string => readFileSync(PASTA + nome, 'utf8');
const LAYOUT4 = 'sped-nfe__nfe_layout4_com_prot.xml';
const RETORNO = 'sped-nfe__exemplo_retorno_sucesso_envia_lote.xml';
const compacta = (xml: string): string => xml.replace(/>\s+</g, '><');

afterAll(closeCpuPool);

describe('NF-e through the pool', () => {
  it('the signature of every sample is what verifyNfeSignature answers in place (valid, invalid, absent)', async () => {
    const nomes = readdirSync(PASTA);
    const noPool = await Promise.all(nomes.map((n) => runCpuTask('verificarAssinaturaNfe', amostra(n))));
    expect(noPool).toEqual(nomes.map((n) => verifyNfeSignature(amostra(n))));
    expect(new Set(noPool)).toEqual(new Set(['invalida', 'ausente']));
    const valida = compacta(amostra(LAYOUT4));
    expect(await runCpuTask('verificarAssinaturaNfe', valida)).toBe('valida');
    expect(await runCpuTask('verificarAssinaturaNfe', valida.replace('<qCom>10.0000</qCom>', '<qCom>90.0000</qCom>'))).toBe(
      'invalida',
    );
  });

  it('the reader answers the same NF-e, and its refusal as a message', async () => {
    const arquivo = Buffer.from(compacta(amostra(LAYOUT4)));
    expect(await runCpuTask('lerNfe', arquivo)).toEqual({ nfe: parseNfe(arquivo) });
    expect(await runCpuTask('lerNfe', readFileSync(PASTA + RETORNO))).toEqual({
      recusa: 'O arquivo não é uma NF-e: é uma mensagem SOAP de comunicação com a SEFAZ',
    });
    expect(await runCpuTask('lerNfe', Buffer.from('não é xml'))).toHaveProperty('recusa');
  });

  it('the event loop keeps answering while a 990-item signature is checked', { timeout: 120_000 }, async () => {
    const xml = nfeGrande(990);
    const alterado = xml.replace('<qCom>10.0000</qCom>', '<qCom>90.0000</qCom>');
    await runCpuTask('verificarAssinaturaNfe', '<x/>'); // the worker started (its start is not the check)
    const atraso = monitorEventLoopDelay({ resolution: 10 });
    atraso.enable();
    // A timer ticking during the check: the histogram is fed only while the loop turns.
    let tiques = 0;
    const tique = setInterval(() => tiques++, 10);
    const [valida, invalida] = await Promise.all([
      runCpuTask('verificarAssinaturaNfe', xml),
      runCpuTask('verificarAssinaturaNfe', alterado),
    ]);
    await new Promise((r) => setTimeout(r, 20));
    clearInterval(tique);
    atraso.disable();
    expect([valida, invalida]).toEqual(['valida', 'invalida']);
    expect(tiques).toBeGreaterThan(10);
    // In place the same check holds the loop for its whole run (about 4 s for 990 items).
    expect(atraso.max / 1e6).toBeLessThan(500);
  });
});

type Linha = { n: number; nome: string; preco: number; data: string; qtd: number; pct: number | null };
const colunas: SpreadsheetColumn<Linha>[] = [
  { titulo: 'Nº', tipo: 'inteiro', valor: (l) => l.n },
  { titulo: 'Produto', valor: (l) => l.nome },
  { titulo: 'Preço', tipo: 'dinheiro', valor: (l) => l.preco },
  { titulo: 'Data', tipo: 'data', valor: (l) => l.data },
  { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.qtd },
  { titulo: 'Margem', tipo: 'percentual', valor: (l) => l.pct },
];
const linhas = (n: number): Linha[] =>
  Array.from({ length: n }, (_, i) => ({
    n: i + 1,
    nome: `Ração "premium" ${i + 1}; 15 kg`,
    preco: 329.9 + (i % 7),
    data: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
    qtd: (i % 5) + 0.25,
    pct: i % 3 === 0 ? null : 12.5,
  }));

describe('spreadsheets through the pool', () => {
  it('an XLSX of 10k rows built in a worker opens with typed cells and the total formula', { timeout: 60_000 }, async () => {
    const dados = linhas(10_000);
    expect(dados.length).toBeGreaterThanOrEqual(LINHAS_NO_POOL);
    const planilha = await writeSpreadsheet('xlsx', {
      nome: 'produtos',
      titulo: 'Produtos',
      colunas,
      linhas: dados,
      totais: true,
    });
    expect(planilha.nome).toBe('produtos.xlsx');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(planilha.conteudo as unknown as ArrayBuffer);
    const folha = livro.getWorksheet('Produtos')!;
    expect(folha.rowCount).toBe(10_002);
    expect(folha.getRow(1).values).toEqual([undefined, 'Nº', 'Produto', 'Preço', 'Data', 'Quantidade', 'Margem']);
    const segunda = folha.getRow(3);
    expect([segunda.getCell(1).value, segunda.getCell(2).value, segunda.getCell(3).value]).toEqual([
      2,
      'Ração "premium" 2; 15 kg',
      330.9,
    ]);
    expect(segunda.getCell(4).value).toEqual(new Date(Date.UTC(2026, 10, 2)));
    expect(segunda.getCell(3).numFmt).toBe('#,##0.00');
    expect(folha.getRow(10_002).getCell(3).value).toMatchObject({ formula: 'SUM(C2:C10001)' });
    expect(folha.getRow(10_002).getCell(1).value).toBe('Total');
  });

  it('a small XLSX (built in place) and a big one (in the pool) hold the same cells', async () => {
    const ler = async (n: number) => {
      const p = await writeSpreadsheet('xlsx', {
        nome: 'x',
        titulo: 'X',
        colunas,
        linhas: linhas(n),
        linhaTotal: ['Total', null, 1],
      });
      const livro = new ExcelJS.Workbook();
      await livro.xlsx.load(p.conteudo as unknown as ArrayBuffer);
      const f = livro.getWorksheet('X')!;
      return { primeira: f.getRow(2).values, total: f.getRow(f.rowCount).values };
    };
    expect(await ler(LINHAS_NO_POOL)).toEqual(await ler(LINHAS_NO_POOL - 1));
  });

  it('a CSV of 10k rows written in a worker is what buildCsv writes in place (BOM, ";", decimal comma, dd/MM/yyyy)', async () => {
    const dados = linhas(10_000);
    const planilha = await writeSpreadsheet('csv', { nome: 'produtos', titulo: 'Produtos', colunas, linhas: dados });
    const texto = planilha.conteudo.toString('utf8');
    expect(texto).toBe(
      Buffer.from(
        buildCsv({
          colunas: colunas.map((c) => ({ titulo: c.titulo, tipo: c.tipo ?? 'texto' })),
          linhas: dados.map((l) => colunas.map((c) => c.valor(l) ?? null)),
        }),
      ).toString('utf8'),
    );
    const [cabecalho, primeira, segunda] = texto.split('\r\n');
    expect(cabecalho).toBe('\uFEFFNº;Produto;Preço;Data;Quantidade;Margem');
    expect(primeira).toBe('1;"Ração ""premium"" 1; 15 kg";329,90;01/11/2026;0,25;');
    expect(segunda).toBe('2;"Ração ""premium"" 2; 15 kg";330,90;02/11/2026;1,25;12,50');
    expect(texto.endsWith('\r\n')).toBe(true);
  });
});
