/**
 * NFC-e and PIX at the till end to end (issue #18 items 8 and 9, "E2E"), against the real server
 * and the fake SEFAZ the global setup starts (apps/api/test/fakes/sefaz.ts, switched at
 * `sefazControleUrl()`, the fake of this worker's server):
 * - the Matriz configured for NFC-e through the API (a test A1 made by makePfx with the unit's
 *   CNPJ, CSC, IE, a PIX key);
 * - a sale made with the keyboard: PIX in the payment modal shows the BR Code's QR; F10
 *   finalises; F11 "Emitir NFC-e" → "CPF na nota?" → Autorizada (nº/série) → Enter prints the
 *   DANFE (application/pdf with the NFC-e's title and key);
 * - SEFAZ silent: the next sale's NFC-e answers "Emitida em contingência" within 5 s; SEFAZ back,
 *   "retransmitir" (as /fiscal/ does) → the document becomes Autorizada; the sale's detail shows it.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { makePfx } from '../apps/api/test/certificate.ts';
import { abrirPdv, entradaFocada, escanear, KONG } from './pdv-support.ts';
import { callApi, describeE2E, it, ok, poll, sefazControleUrl, settledScreenshot, type ApiPage } from './support.ts';

const SENHA_PFX = 'senha-e2e-pdv';
const CPF = '52998224725';

type DocumentoApi = {
  id: string;
  vendaId: string;
  numero: number;
  serie: number;
  status: string;
  chave: string;
  tipoEmissao: string;
};

/** Switches the fake SEFAZ ('normal', 'silencio', …). */
const sefaz = async (modo: string): Promise<void> => {
  const res = await fetch(sefazControleUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ modo }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
};

/** The text a pdfmake PDF shows (its hex strings in TJ arrays; pdfmake does not compress them). */
const textoDoPdf = (pdf: Buffer): string => {
  const partes: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
    for (const hex of m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) partes.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return partes.join('');
};

type Unidade = {
  id: string;
  nomeFantasia: string;
  razaoSocial: string;
  cnpj: string;
  inscricaoEstadual: string | null;
  telefone: string | null;
  email: string | null;
  endereco: Record<string, string | null>;
  timeZone: string;
  permiteEstoqueNegativo: boolean;
  metodoCusto: string;
  fechamentoCego: boolean;
  fiscal: { crt: string; nfceSerie: number; nfceProximoNumero: number };
};

/** PUT /api/geral/unidades-negocio/{id} as the form sends it (multipart: dados + certificado). */
const configurarUnidade = async (page: Page): Promise<Unidade> => {
  const unidadeId = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('petshop-session')!) as { state: { unidadeNegocio: { id: string } } }).state.unidadeNegocio
        .id,
  );
  const u = await ok(callApi<Unidade>(page, 'GET', `/api/geral/unidades-negocio/${unidadeId}`));
  const semNulos = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));
  const dados = {
    ...semNulos({ nomeFantasia: u.nomeFantasia, razaoSocial: u.razaoSocial, cnpj: u.cnpj, telefone: u.telefone, email: u.email }),
    inscricaoEstadual: u.inscricaoEstadual ?? '110042490114',
    endereco: semNulos(u.endereco),
    timeZone: u.timeZone,
    permiteEstoqueNegativo: u.permiteEstoqueNegativo,
    metodoCusto: u.metodoCusto,
    fechamentoCego: u.fechamentoCego,
    fiscal: {
      crt: u.fiscal.crt,
      ambiente: 'homologacao',
      nfceSerie: u.fiscal.nfceSerie,
      nfceProximoNumero: u.fiscal.nfceProximoNumero,
      cscId: '000001',
      cscToken: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6',
      certificadoSenha: SENHA_PFX,
      pixChave: '+5511987654321',
      nfceEmissaoAutomatica: false,
    },
  };
  const pfx = makePfx(SENHA_PFX, { cn: `PET SHOP DEMO COMERCIO LTDA:${u.cnpj}` }).toString('base64');
  const res = await page.evaluate(
    async ({ url, dados, pfx }) => {
      const session = JSON.parse(localStorage.getItem('petshop-session')!) as {
        state: { accessToken: string; unidadeNegocio: { id: string } };
      };
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const form = new FormData();
      form.append('dados', JSON.stringify(dados));
      const bytes = Uint8Array.from(atob(pfx), (c) => c.charCodeAt(0));
      form.append('certificado', new Blob([bytes], { type: 'application/x-pkcs12' }), 'a1.pfx');
      const r = await fetch(url, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${session.state.accessToken}`,
          'x-unidade-negocio': session.state.unidadeNegocio.id,
          'x-origin': 'web',
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
        body: form,
      });
      return { status: r.status, body: await r.text() };
    },
    { url: `/api/geral/unidades-negocio/${unidadeId}`, dados, pfx },
  );
  expect(res.status, res.body).toBe(200);
  return u;
};

/** KONG at the till, paid with method `tecla` of the payment modal (Enter takes the amount), then F10. */
const venderKong = async (page: Page, pagar: (page: Page) => Promise<void>): Promise<string> => {
  await escanear(page, KONG);
  await entradaFocada(page);
  await page.keyboard.press('F8');
  await page.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
  await pagar(page);
  await page.getByRole('dialog', { name: 'Pagamento (F8)' }).waitFor({ state: 'detached' });
  await page.keyboard.press('F10');
  const resultado = page.getByTestId('pdv-resultado');
  await resultado.waitFor();
  const titulo = await resultado.getByText(/^Venda nº \d+ finalizada$/).innerText();
  return /nº (\d+)/.exec(titulo)![1]!;
};

/** The number key of a payment method in the modal (its list in till order). */
const teclaDaForma = async (page: Page, nome: RegExp): Promise<string> => {
  const itens = page.getByRole('list', { name: 'Formas de pagamento' }).getByRole('listitem');
  const labels = await itens.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const label = labels.find((l) => nome.test(l.replace(/^\d+ /, '')));
  expect(label, `forma ${String(nome)} em ${labels.join(', ')}`).toBeTruthy();
  return label!.split(' ')[0]!;
};

describeE2E('NFC-e e PIX no PDV', () => {
  let contingencia: DocumentoApi | null = null;
  let vendaContingencia = '';

  it('sells with PIX (QR on screen), emits the NFC-e with "CPF na nota?" and prints its DANFE', async ({ page }) => {
    await sefaz('normal');
    await configurarUnidade(page);
    await abrirPdv(page);

    const numero = await venderKong(page, async (p) => {
      await p.keyboard.press(await teclaDaForma(p, /^PIX$/i));
      await p.getByRole('form', { name: /Pagamento em PIX/i }).waitFor();
      const qr = p.getByRole('img', { name: 'QR Code PIX de R$ 79,90' });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const copiaECola = await p.getByTestId('pix-copia-e-cola').innerText();
      expect(copiaECola).toMatch(/^000201.*br\.gov\.bcb\.pix.*\+5511987654321.*540579\.90.*6304[0-9A-F]{4}$/);
      await settledScreenshot(p, 'fiscal-pdv-pix-qr');
      await p.keyboard.press('Enter');
    });

    const resultado = page.getByTestId('pdv-resultado');
    await resultado.getByRole('button', { name: /Emitir NFC-e/ }).waitFor();
    await settledScreenshot(page, 'fiscal-pdv-resultado-emitir');

    // F11 over the result: "CPF na nota?"; the CPF typed (masked), Enter emits.
    await page.keyboard.press('F11');
    const prompt = page.getByRole('dialog', { name: 'CPF na nota?' });
    const campo = prompt.getByLabel('CPF ou CNPJ do consumidor', { exact: true });
    await campo.waitFor();
    await poll(() => campo.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(CPF);
    expect(await campo.inputValue()).toBe('529.982.247-25');
    await settledScreenshot(page, 'fiscal-pdv-cpf-na-nota');
    const emissao = page.waitForResponse((r) => r.url().endsWith('/api/fiscal/nfce') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    const documento = (await (await emissao).json()) as DocumentoApi;
    expect(documento.status).toBe('autorizada');

    const painel = page.getByTestId('nfce-painel');
    await painel.getByText('NFC-e autorizada').waitFor();
    expect(await painel.innerText()).toContain(`nº ${documento.numero} · série ${documento.serie}`);
    // "Imprimir DANFE" has the focus: Enter prints it.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pdv-nfce-danfe');
    await settledScreenshot(page, 'fiscal-pdv-autorizada');
    const pdf = page.waitForResponse((r) => r.url().includes(`/api/fiscal/documentos/${documento.id}/pdf`));
    await page.keyboard.press('Enter');
    const resposta = await pdf;
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toContain('application/pdf');
    const texto = textoDoPdf(await resposta.body());
    expect(texto).toContain('NFC-e');
    expect(texto.replace(/\s+/g, '')).toContain(documento.chave);
    await page.locator('iframe[data-pdv-recibo]').waitFor({ state: 'attached' });
    // Printed: back on "Nova venda", Enter moves on.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pdv-resultado-nova');
    await page.keyboard.press('Enter');
    await resultado.waitFor({ state: 'detached' });

    // The sale's document as the API keeps it (with the CPF given).
    const docs = await ok(
      callApi<ApiPage<DocumentoApi & { cpfDestinatario: string | null }>>(
        page,
        'GET',
        `/api/fiscal/documentos?vendaId=${documento.vendaId}`,
      ),
    );
    expect(docs.items.map((d) => [d.id, d.status, d.cpfDestinatario])).toEqual([[documento.id, 'autorizada', CPF]]);
    expect(numero).toBeTruthy();
  }, 180_000);

  it('with SEFAZ silent the till answers "contingência" within 5 s; SEFAZ back, the NFC-e is authorised', async ({ page }) => {
    await abrirPdv(page);
    await sefaz('silencio');
    try {
      vendaContingencia = await venderKong(page, async (p) => {
        await p.keyboard.press(await teclaDaForma(p, /^Dinheiro$/i));
        await p.getByRole('form', { name: 'Pagamento em Dinheiro' }).waitFor();
        await p.keyboard.press('Enter');
      });
      await page.keyboard.press('F11');
      await page.getByRole('dialog', { name: 'CPF na nota?' }).getByLabel('CPF ou CNPJ do consumidor', { exact: true }).waitFor();
      // Esc: a consumer not identified.
      const emissao = page.waitForResponse((r) => r.url().endsWith('/api/fiscal/nfce') && r.request().method() === 'POST');
      const inicio = Date.now();
      await page.keyboard.press('Escape');
      await page.getByTestId('nfce-emitindo').waitFor();
      await settledScreenshot(page, 'fiscal-pdv-emitindo');
      await page.getByText('Emitida em contingência — será transmitida automaticamente').waitFor({ timeout: 8000 });
      const espera = Date.now() - inicio;
      contingencia = (await (await emissao).json()) as DocumentoApi;
      process.stderr.write(`E2E fiscal-pdv: contingência mostrada ${espera} ms após o Esc\n`);
      expect(espera).toBeLessThan(5000);
      expect(contingencia.status).toBe('contingencia');
      expect(contingencia.tipoEmissao).toBe('9');
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pdv-nfce-danfe');
      await settledScreenshot(page, 'fiscal-pdv-contingencia');
      // The contingency's DANFE prints too, and says so.
      const pdf = page.waitForResponse((r) => r.url().includes(`/api/fiscal/documentos/${contingencia!.id}/pdf`));
      await page.keyboard.press('Enter');
      const resposta = await pdf;
      expect(resposta.headers()['content-type']).toContain('application/pdf');
      expect(textoDoPdf(await resposta.body())).toContain('CONTINGÊNCIA');
      // Printed: back on "Nova venda" (after the print frame), Enter moves on.
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pdv-resultado-nova');
      await page.keyboard.press('Enter');
      await page.getByTestId('pdv-resultado').waitFor({ state: 'detached' });
    } finally {
      await sefaz('normal');
    }

    // SEFAZ answers again: retransmitted as the /fiscal/ screen does; the document becomes Autorizada.
    const doc = contingencia!;
    await poll(async () => {
      const atual = await ok(callApi<DocumentoApi>(page, 'GET', `/api/fiscal/documentos/${doc.id}`));
      if (atual.status === 'contingencia') await callApi(page, 'POST', `/api/fiscal/documentos/${doc.id}/retransmitir`);
      return atual.status;
    }).toBe('autorizada');

    // The sale's detail shows its NFC-e authorised.
    await page.goto(`/vendas/pdv/${doc.vendaId}`);
    await page.getByTestId('pdv-visualizacao').waitFor();
    await page
      .getByTestId('status-fiscal')
      .filter({ hasText: /autorizada/i })
      .waitFor();
    await page.getByTestId('nfce-painel').getByText('NFC-e autorizada').waitFor();
    expect(vendaContingencia).toBeTruthy();
    await settledScreenshot(page, 'fiscal-pdv-venda-detalhe');
  }, 180_000);
});
