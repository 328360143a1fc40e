/**
 * WhatsApp end to end (issue #21) with the fake gateway, as the demo admin: on
 * /configuracoes/geral/whatsapp the unit connects by QR (Conectar → the QR image → "Simular
 * leitura" → Conectado with the number); the birthday template is turned on and edited, the
 * preview follows the text, and after saving a reload shows it kept; "Enviar aniversariantes de
 * hoje" queues a customer born today (created through the API, with consent and a WhatsApp
 * phone) and the log shows the message, sent by the worker; an appointment booked through the
 * API gets its confirmation message, the owner answers "1" (the fake's simulated reply) and the
 * agenda shows it Confirmado, with the "Confirmado pelo WhatsApp" badge.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  ACTION_TIMEOUT_MS,
  callApi,
  describeE2E,
  expectNoSidewaysScroll,
  it,
  login,
  MOBILE_VIEWPORT,
  newPage,
  ok,
  poll,
  settledScreenshot,
} from './support.ts';

const sufixo = Date.now().toString(36);
/** A phone no other spec uses: the simulated reply finds the appointment by it. */
const TELEFONE = `119${String(Date.now()).slice(-8)}`;
const CLIENTE = `Aniversariante ${sufixo}`;
const PET = `Bidu ${sufixo}`;
const TEXTO_ANIVERSARIO = `Feliz aniversário, {{nome}}! Um abraço da {{unidade}} (${sufixo})`;
const URL = '/configuracoes/geral/whatsapp';

type Mensagem = { id: string; tipo: string; status: string; pessoaNome: string | null; texto: string };
type Pagina<T> = { items: T[]; total: number };
type Atendimento = { id: string; status: string; respostaConfirmacao: string | null };

/** 'yyyy-MM-dd' in São Paulo (the demo units' time zone), `dias` from today. */
const diaSP = (dias = 0): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + dias * 86_400_000));

const statusConexao = (page: Page) => page.getByTestId('status-conexao');

const mensagensDe = (page: Page, pessoaId: string, tipo: string) =>
  ok(callApi<Pagina<Mensagem>>(page, 'GET', `/api/whatsapp/mensagens?pessoaId=${pessoaId}&tipo=${tipo}`));

/** The accordion item of a template opened (its control clicked unless already expanded). */
const abrirModelo = async (page: Page, nome: string) => {
  const controle = page.getByRole('button', { name: new RegExp(`^${nome}`) });
  if ((await controle.getAttribute('aria-expanded')) !== 'true') await controle.click();
  const painel = page.locator(`#${await controle.getAttribute('aria-controls')}`);
  await painel.getByRole('textbox', { name: /^Texto/ }).waitFor();
  return painel;
};

/** Turns a template's switch on (whatever it was). */
const ligar = async (page: Page, nome: string, rotulo: string) => {
  const painel = await abrirModelo(page, nome);
  const chave = painel.getByRole('switch', { name: rotulo });
  if (!(await chave.isChecked())) await chave.check({ force: true });
  await poll(() => chave.isChecked()).toBe(true);
  return painel;
};

describeE2E('WhatsApp', () => {
  describe.sequential('connect by QR, templates, birthdays and a confirmation by reply', () => {
    let pessoaId = '';

    it('connects the unit by reading the QR (fake gateway)', async ({ page }) => {
      // Start disconnected whatever an earlier run left.
      const atual = await ok(callApi<{ status: string; gateway: string }>(page, 'GET', '/api/whatsapp'));
      expect(atual.gateway).toBe('fake');
      if (atual.status !== 'Desconectado') await ok(callApi(page, 'POST', '/api/whatsapp/desconectar', {}));

      await page.goto(URL);
      await page.getByRole('heading', { name: 'WhatsApp', level: 2 }).waitFor();
      await poll(() => statusConexao(page).textContent()).toBe('Desconectado');
      await page.getByRole('button', { name: 'Conectar', exact: true }).click();

      const qr = page.getByRole('img', { name: 'QR code para conectar o WhatsApp' });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      // A real PNG, drawn at its size.
      await poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
      expect(await statusConexao(page).textContent()).toBe('Aguardando leitura');
      await page.getByText(/Aparelhos conectados › Conectar um aparelho/).waitFor();
      await settledScreenshot(page, 'whatsapp-qrcode');

      await page.getByRole('button', { name: 'Simular leitura do QR code (demonstração)' }).click();
      await poll(() => statusConexao(page).textContent()).toBe('Conectado');
      await poll(() => page.getByTestId('numero-conectado').textContent()).toBe('+55 (11) 99999-0000');
      await page.getByText(/^Conectado desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
      expect(await qr.count()).toBe(0);

      // A test message goes out now through the fake gateway.
      await page.getByRole('textbox', { name: /^Telefone \(com DDD\)/ }).fill(TELEFONE);
      await page.getByRole('button', { name: 'Enviar teste' }).click();
      const resultado = page.getByRole('status', { name: 'Resultado do envio de teste' });
      await resultado.waitFor();
      expect(await resultado.textContent()).toMatch(/Para \+55 \(11\) 9\d{4}-\d{4}:(Enviada|Entregue|Lida)/);
      await settledScreenshot(page, 'whatsapp-conectado');
    });

    it('edits the birthday template with a live preview, saves it and finds it after a reload', async ({ page }) => {
      await page.goto(URL);
      const painel = await ligar(page, 'Aniversário', 'Enviar mensagem de aniversário');
      const texto = painel.getByRole('textbox', { name: /^Texto/ });
      await texto.fill(TEXTO_ANIVERSARIO.replace('{{nome}}', ''));
      // The variable goes in at the cursor, by its button.
      await texto.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(19, 19));
      await painel.getByRole('button', { name: /^Inserir \{\{nome\}\}/ }).click();
      await poll(() => texto.inputValue()).toBe(TEXTO_ANIVERSARIO);
      const previa = painel.getByRole('figure', { name: 'Prévia: Aniversário' });
      await poll(() => previa.textContent()).toContain(
        `Feliz aniversário, Maria! Um abraço da Pet Shop Demonstração (${sufixo})`,
      );
      // The confirmation template on too (the last test books an appointment).
      await ligar(page, 'Confirmação de agendamento', 'Enviar mensagem de confirmação de agendamento');
      await settledScreenshot(page, 'whatsapp-modelo-aniversario');

      await page.getByRole('button', { name: 'Salvar modelos' }).click();
      await page.getByText('Modelos salvos').waitFor();

      await page.reload();
      const depois = await abrirModelo(page, 'Aniversário');
      await poll(() => depois.getByRole('textbox', { name: /^Texto/ }).inputValue()).toBe(TEXTO_ANIVERSARIO);
      expect(await depois.getByRole('switch', { name: 'Enviar mensagem de aniversário' }).isChecked()).toBe(true);
      const confirmacao = await abrirModelo(page, 'Confirmação de agendamento');
      expect(await confirmacao.getByRole('switch', { name: 'Enviar mensagem de confirmação de agendamento' }).isChecked()).toBe(
        true,
      );
    });

    it("sends today's birthdays and shows them in the log", async ({ page }) => {
      const hoje = diaSP();
      const cliente = await ok(
        callApi<{ id: string }>(page, 'POST', '/api/pessoal/pessoas', {
          nome: CLIENTE,
          dataNascimento: `1990-${hoje.slice(5)}`,
          consentimentoMarketing: true,
          telefones: [{ numero: TELEFONE, tipo: 'celular', whatsapp: true }],
        }),
      );
      pessoaId = cliente.id;

      await page.goto(URL);
      await poll(() => statusConexao(page).textContent()).toBe('Conectado');
      await page.getByRole('button', { name: 'Enviar aniversariantes de hoje' }).click();
      await page.getByText(/\d+ mensage(m|ns) de aniversário na fila/).waitFor();

      await page.getByRole('textbox', { name: 'Buscar mensagens' }).fill(CLIENTE);
      const tabela = page.getByRole('table', { name: 'Mensagens do WhatsApp' });
      const linha = tabela.getByTestId('mensagem-whatsapp').filter({ hasText: CLIENTE });
      await linha.waitFor();
      expect(await linha.textContent()).toContain('Aniversário');
      // The worker sends it through the fake gateway; the log refreshes by itself.
      await expect.poll(() => linha.textContent(), { timeout: 4 * ACTION_TIMEOUT_MS }).toMatch(/Enviada|Entregue|Lida/);
      const [msg] = (await mensagensDe(page, pessoaId, 'aniversario')).items;
      expect(msg?.texto).toMatch(new RegExp(`^Feliz aniversário, Aniversariante! Um abraço da .+ \\(${sufixo}\\)$`));
      await settledScreenshot(page, 'whatsapp-log-aniversario');
    });

    it('confirms an appointment by the owner\'s reply "1" and shows it Confirmado on the agenda', async ({ page }) => {
      const pet = await ok(
        callApi<{ id: string }>(page, 'POST', '/api/animal/pets', { nome: PET, tutores: [{ pessoaId, principal: true }] }),
      );
      const tipo = await ok(
        callApi<{ id: string }>(page, 'POST', '/api/agenda/tipos-atendimento', {
          nome: `Banho WhatsApp ${sufixo}`,
          area: 'BanhoTosa',
          duracaoMinutos: 60,
          cor: '#12b886',
          recurso: 'Box',
        }),
      );
      const box = await ok(callApi<{ id: string }>(page, 'POST', '/api/agenda/boxes', { nome: `Box WhatsApp ${sufixo}` }));
      const amanha = diaSP(1);
      const criado = await ok(
        callApi<{ id: string }>(page, 'POST', '/api/agenda/atendimentos', {
          petId: pet.id,
          tipoAtendimentoId: tipo.id,
          boxId: box.id,
          inicio: `${amanha}T10:00`,
        }),
      );

      // The booking queued the confirmation; the worker sends it.
      await expect
        .poll(async () => (await mensagensDe(page, pessoaId, 'confirmacaoAgendamento')).items[0]?.status, {
          timeout: 4 * ACTION_TIMEOUT_MS,
        })
        .toMatch(/Enviada|Entregue|Lida/);

      await ok(callApi(page, 'POST', '/api/whatsapp/simular-resposta', { telefone: TELEFONE, texto: '1' }));
      await poll(async () => {
        const a = await ok(callApi<Atendimento>(page, 'GET', `/api/agenda/atendimentos/${criado.id}`));
        return `${a.status}/${a.respostaConfirmacao}`;
      }).toBe('Confirmado/Confirmou');

      await page.goto(`/atendimentos/?data=${amanha}`);
      const evento = page.getByTestId('evento-agenda').filter({ hasText: PET });
      await evento.waitFor();
      expect(await evento.getAttribute('data-status')).toBe('Confirmado');
      await evento.getByText('Confirmado pelo WhatsApp').waitFor();
      await settledScreenshot(page, 'whatsapp-agenda-confirmado');
    });

    it("sends a typed message from the customer's page and sees it among their last messages", async ({ page }) => {
      await page.goto(`/clientes/${pessoaId}/`);
      await page.getByRole('heading', { name: CLIENTE }).waitFor();
      await page.getByRole('button', { name: 'WhatsApp', exact: true }).click();
      const modal = page.getByRole('dialog', { name: `Mensagem para ${CLIENTE}` });
      // The birthday message sent earlier is listed.
      await modal.getByTestId('ultima-mensagem').filter({ hasText: 'Aniversário' }).waitFor();
      await modal.getByRole('textbox', { name: /^Mensagem/ }).fill(`Chegou a ração do Bidu (${sufixo})`);
      await settledScreenshot(page, 'whatsapp-cliente-modal');
      await modal.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText('Mensagem na fila de envio do WhatsApp').waitFor();
      await expect
        .poll(async () => (await mensagensDe(page, pessoaId, 'manual')).items[0]?.texto, { timeout: ACTION_TIMEOUT_MS })
        .toBe(`Chegou a ração do Bidu (${sufixo})`);
    });

    it('fits a phone: one column, the log scrolls inside its box, not the page', async ({ browser }) => {
      const phone = await newPage(browser, { viewport: MOBILE_VIEWPORT });
      await login(phone);
      await phone.goto(URL);
      await poll(() => statusConexao(phone).textContent()).toBe('Conectado');
      await phone.getByRole('table', { name: 'Mensagens do WhatsApp' }).waitFor();
      await expectNoSidewaysScroll(phone);
      await settledScreenshot(phone, 'whatsapp-celular');
      await phone.context().close();
    });

    it('disconnects after a confirmation', async ({ page }) => {
      await page.goto(URL);
      await poll(() => statusConexao(page).textContent()).toBe('Conectado');
      await page.getByRole('button', { name: 'Desconectar', exact: true }).click();
      const confirmar = page.getByRole('dialog', { name: 'Desconectar o WhatsApp' });
      await confirmar.getByRole('button', { name: 'Desconectar' }).click();
      await poll(() => statusConexao(page).textContent()).toBe('Desconectado');
      await page.getByRole('button', { name: 'Conectar', exact: true }).waitFor();
      expect((await ok(callApi<{ status: string }>(page, 'GET', '/api/whatsapp/status'))).status).toBe('Desconectado');
    });
  });
});
