/**
 * Charging the agenda at the till (issue #17 items 3 and 6, "E2E in Chromium"):
 * (a) today's bath, created and checked in through the API (the check-in opens its sale em
 *     atendimento), is found at the till by the PET's name (F5), a product is scanned in, it is
 *     paid in cash and finalised, and the grooming board /banho-tosa/ shows "Baixada" on its card;
 * (b) a "4 banhos" package (a service product with package fields, created through the API) is
 *     sold at the till to a customer for a pet; a bath booked for that pet takes one session and
 *     the customer's Pacotes tab shows "3 de 4 restantes".
 * The its run in order on one page (the register opened by the first serves the second).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { abrirPdv, BOLA, entradaFocada, escanear, type ProdutoDemo } from './pdv-support.ts';
import {
  ACTION_TIMEOUT_MS,
  callApi,
  describeE2E,
  launchBrowser,
  login,
  newPage,
  ok,
  poll,
  settledScreenshot,
} from './support.ts';

const sufixo = Date.now().toString(36);
const TUTORA = `Tutora Cobrança ${sufixo}`;
const PET = `Bidu ${sufixo}`;

/** Today and tomorrow in São Paulo (the demo units' time zone), 'yyyy-MM-dd'. */
const dia = (offsetDias = 0): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + offsetDias * 86_400_000));

/** A GTIN-13 with a valid check digit (GS1 weights 3 and 1 from the right) from 12 digits. */
const gtin13 = (corpo: string): string => {
  let soma = 0;
  for (let i = 0; i < corpo.length; i++) soma += Number(corpo[corpo.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return corpo + String((10 - (soma % 10)) % 10);
};

type Atendimento = { id: string; vendaId: string | null; statusFinanceiro: string; pacote: { sessoesRestantes: number } | null };

/** F8, 1 = Dinheiro with the open amount suggested, Enter: paid in full. */
const pagarEmDinheiro = async (page: Page) => {
  await entradaFocada(page);
  await page.keyboard.press('F8');
  await page.getByRole('list', { name: 'Formas de pagamento' }).waitFor();
  await page.keyboard.press('1');
  await page.getByRole('form', { name: 'Pagamento em Dinheiro' }).waitFor();
  const recebido = page.getByLabel('Valor recebido', { exact: true });
  await poll(() => recebido.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Pagamento (F8)' }).waitFor({ state: 'detached' });
  await poll(() => page.getByTestId('pdv-falta').innerText()).toBe('R$ 0,00');
};

/** F10 finalises; answers the sale's number from the result, then Enter starts the next sale. */
const finalizar = async (page: Page): Promise<string> => {
  await page.keyboard.press('F10');
  const resultado = page.getByTestId('pdv-resultado');
  await resultado.waitFor();
  const titulo = await resultado.getByText(/^Venda nº \d+ finalizada$/).innerText();
  await page.keyboard.press('Enter');
  await resultado.waitFor({ state: 'detached' });
  return /nº (\d+)/.exec(titulo)![1]!;
};

describeE2E('agenda: cobrança no PDV e pacotes', () => {
  let browser: Browser;
  let page: Page;
  let clienteId = '';
  let petId = '';
  let tipoId = '';
  let boxId = '';
  let atendimentoId = '';
  let pacote: ProdutoDemo = { nome: `4 banhos ${sufixo}`, gtin: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await login(page);
    const unidades = await ok(
      callApi<{ items: { id: string; sigla: string }[] }>(page, 'GET', '/api/inventario/unidades-medida?pageSize=100'),
    );
    const un = unidades.items.find((u) => u.sigla === 'UN')!;
    const servico = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/inventario/produtos', {
        tipo: 'servico',
        nome: `Banho cobrança ${sufixo}`,
        unidadeMedidaId: un.id,
        precoVenda: 60,
      }),
    );
    const tipo = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/agenda/tipos-atendimento', {
        nome: `Banho cobrança ${sufixo}`,
        area: 'BanhoTosa',
        duracaoMinutos: 60,
        cor: '#228be6',
        recurso: 'Box',
        produtoId: servico.id,
      }),
    );
    tipoId = tipo.id;
    boxId = (await ok(callApi<{ id: string }>(page, 'POST', '/api/agenda/boxes', { nome: `Box Cobrança ${sufixo}` }))).id;
    clienteId = (
      await ok(
        callApi<{ id: string }>(page, 'POST', '/api/pessoal/pessoas', {
          nome: TUTORA,
          telefones: [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
        }),
      )
    ).id;
    petId = (
      await ok(
        callApi<{ id: string }>(page, 'POST', '/api/animal/pets', {
          nome: PET,
          tutores: [{ pessoaId: clienteId, principal: true }],
        }),
      )
    ).id;
    const gtin = gtin13(`789${String(Date.now()).slice(-9)}`);
    await ok(
      callApi<{ id: string }>(page, 'POST', '/api/inventario/produtos', {
        tipo: 'servico',
        nome: pacote.nome,
        codigoBarras: gtin,
        unidadeMedidaId: un.id,
        precoVenda: 200,
        pacote: { sessoes: 4, validadeDias: 90, tipoAtendimentoId: tipoId },
      }),
    );
    pacote = { ...pacote, gtin };
    // Today's bath, checked in: its sale em atendimento is opened.
    atendimentoId = (
      await ok(
        callApi<{ id: string }>(page, 'POST', '/api/agenda/atendimentos', {
          petId,
          tipoAtendimentoId: tipoId,
          boxId,
          inicio: `${dia()}T06:00`,
        }),
      )
    ).id;
    const checkIn = await ok(
      callApi<Atendimento>(page, 'PUT', `/api/agenda/atendimentos/${atendimentoId}/status`, { status: 'EmAtendimento' }),
    );
    expect(checkIn.vendaId).not.toBeNull();
    expect(checkIn.statusFinanceiro).toBe('EmAberto');
  }, 4 * ACTION_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
  });

  it("finds the appointment's sale at the till by the pet, adds a product, pays in cash; the board shows Baixada", async () => {
    await abrirPdv(page);
    await entradaFocada(page);
    // F5: the open sales; the pet's name finds the appointment's sale (the owner's name is shown).
    await page.keyboard.press('F5');
    const busca = page.getByLabel('Buscar venda em aberto', { exact: true });
    await busca.waitFor();
    await poll(() => busca.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(PET);
    const tabela = page.getByRole('table', { name: 'Vendas em aberto' });
    await poll(() => tabela.getByRole('row').filter({ hasText: TUTORA }).count()).toBe(1);
    await poll(() => tabela.getByRole('row').count()).toBe(2);
    await tabela.getByText('Em atendimento').waitFor();
    await settledScreenshot(page, 'agenda-cobranca-busca-pet');
    await page.keyboard.press('Enter');
    await page
      .getByRole('table', { name: 'Itens da venda' })
      .getByRole('row')
      .filter({ hasText: `Banho cobrança ${sufixo}` })
      .waitFor();
    await poll(() => page.getByTestId('pdv-cliente').innerText()).toBe(TUTORA);
    await poll(() => page.getByTestId('pdv-total').innerText()).toBe('R$ 60,00');

    await escanear(page, BOLA);
    await poll(() => page.getByTestId('pdv-total').innerText()).toBe('R$ 74,90');
    await pagarEmDinheiro(page);
    await settledScreenshot(page, 'agenda-cobranca-pdv-pago');
    await finalizar(page);
    await poll(
      async () => (await ok(callApi<Atendimento>(page, 'GET', `/api/agenda/atendimentos/${atendimentoId}`))).statusFinanceiro,
    ).toBe('Baixada');

    await page.goto('/banho-tosa/');
    const card = page.getByRole('article', { name: PET, exact: true });
    await card.waitFor();
    await poll(() => card.evaluate((el) => el.textContent ?? '')).toContain('Baixada');
    await card.scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'agenda-cobranca-quadro-baixada');
  }, 120_000);

  it('sells a 4-bath package for the pet; a booked bath takes one: 3 left on the customer’s Pacotes tab', async () => {
    await abrirPdv(page);
    await escanear(page, pacote);
    await poll(() => page.getByTestId('pdv-total').innerText()).toBe('R$ 200,00');
    // F4: the customer, then the pet by its number key.
    await page.keyboard.press('F4');
    await page.getByLabel('Buscar cliente', { exact: true }).waitFor();
    await page.keyboard.type(TUTORA);
    await page
      .getByRole('listbox', { name: 'Clientes encontrados' })
      .getByRole('option', { name: new RegExp(TUTORA) })
      .waitFor();
    await page.keyboard.press('Enter');
    const pets = page.getByRole('listbox', { name: 'Pets do cliente' });
    await pets.waitFor();
    await poll(() => pets.evaluate((el) => el === document.activeElement)).toBe(true);
    const opcoes = (await pets.getByRole('option').allInnerTexts()).map((o) => o.replace(/\s+/g, ' ').trim());
    const opcao = opcoes.find((o) => o.replace(/^\d /, '') === PET);
    expect(opcao, opcoes.join(', ')).toBeDefined();
    await page.keyboard.press(opcao!.charAt(0));
    await poll(() => page.getByTestId('pdv-pet').innerText()).toBe(PET);
    await pagarEmDinheiro(page);
    await finalizar(page);

    // A bath tomorrow for the pet takes one session of the package.
    const agendado = await ok(
      callApi<{ id: string }>(page, 'POST', '/api/agenda/atendimentos', {
        petId,
        tipoAtendimentoId: tipoId,
        boxId,
        inicio: `${dia(1)}T08:00`,
      }),
    );
    const at = await ok(callApi<Atendimento>(page, 'GET', `/api/agenda/atendimentos/${agendado.id}`));
    expect(at.pacote?.sessoesRestantes).toBe(3);

    await page.goto(`/clientes/${clienteId}/?tab=pacotes`);
    const linha = page.getByRole('table', { name: 'Pacotes' }).getByRole('row', { name: pacote.nome, exact: true });
    await linha.waitFor();
    await linha.getByText('3 de 4 restantes').waitFor();
    await linha.getByText(PET).waitFor();
    await settledScreenshot(page, 'agenda-cobranca-pacotes-cliente');
  }, 120_000);
});
