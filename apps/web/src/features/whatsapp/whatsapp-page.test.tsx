/**
 * The WhatsApp screen (issue #21 items 1, 2, 4) against a fake API: the connection's three
 * states, pairing (Conectar → the QR, asked again while AguardandoLeitura; the polling stops
 * once connected), the templates' live preview, a variable inserted at the cursor, the saved
 * body, the API's field errors on their field, the log's filters and actions, the birthdays'
 * summary.
 */
import { MODELOS_PADRAO, type MensagemWhatsapp, type Whatsapp, type WhatsappStatus } from '@petshop/shared/whatsapp';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumoAniversarios, WhatsappPage } from './components/whatsapp-page.tsx';
import { inserirNoCursor } from './components/modelos-mensagem-form.tsx';
import { formatNumeroWhatsapp } from './formatos.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderScreen } from '#test/render-screen.tsx';

const SLOW = { timeout: 10_000 };
const QR = 'data:image/png;base64,iVBORw0KGgo=';

const conexao = (overrides: Partial<Whatsapp> = {}): Whatsapp => ({
  status: 'Desconectado',
  numero: null,
  conectadoEm: null,
  unidadeNegocioId: MATRIZ_ID,
  gateway: 'fake',
  mensagens: MODELOS_PADRAO,
  pendentes: 0,
  falhas7Dias: 0,
  ...overrides,
});

const mensagem = (overrides: Partial<MensagemWhatsapp> = {}): MensagemWhatsapp => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  tipo: 'aniversario',
  status: 'Enviada',
  telefone: '5511987654321',
  texto: 'Olá, Ana! Feliz aniversário!',
  pessoaId: '00000000-0000-4000-8000-0000000000b1',
  pessoaNome: 'Ana Souza',
  petId: null,
  petNome: null,
  atendimentoId: null,
  agendadaPara: '2026-11-27T12:00:00.000Z',
  tentativas: 1,
  ultimoErro: null,
  enviadaEm: '2026-11-27T12:00:01.000Z',
  entregueEm: null,
  lidaEm: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  ...overrides,
});

const pagina = (items: MensagemWhatsapp[]) => json({ items, total: items.length, page: 1, pageSize: 20 });

/** A fake API whose connection state the test moves, like the fake gateway. */
const servidor = (
  inicial: Partial<Whatsapp> = {},
  extra: Record<string, (r: RecordedRequest) => ReturnType<typeof json>> = {},
) => {
  const estado: { atual: WhatsappStatus } = {
    atual: { status: inicial.status ?? 'Desconectado', numero: inicial.numero ?? null, conectadoEm: inicial.conectadoEm ?? null },
  };
  const handlers = {
    'GET /whatsapp': () => json(conexao({ ...inicial, ...estado.atual })),
    'GET /whatsapp/status': () => json(estado.atual),
    'GET /whatsapp/qrcode': () =>
      json({ status: estado.atual.status, qrcode: estado.atual.status === 'AguardandoLeitura' ? QR : null, geradoEm: null }),
    'POST /whatsapp/conectar': () => {
      estado.atual = { status: 'AguardandoLeitura', numero: null, conectadoEm: null };
      return json({ status: 'AguardandoLeitura', qrcode: QR, geradoEm: '2026-11-27T12:00:00.000Z' });
    },
    'GET /whatsapp/mensagens': () => pagina([]),
    ...extra,
  };
  return { estado, handlers };
};

/** The accordion panel of a template (the control's aria-controls). */
const painel = (nome: string): HTMLElement => {
  const controle = screen.getByRole('button', { name: new RegExp(`^${nome}`) });
  const el = document.getElementById(controle.getAttribute('aria-controls') ?? '');
  if (!el) throw new Error(`painel de ${nome} não encontrado`);
  return el;
};

const contar = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path).length;

describe('WhatsApp screen', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));
  afterEach(() => vi.useRealTimers());

  it('formats the connected number', () => {
    expect(formatNumeroWhatsapp('5511987654321')).toBe('+55 (11) 98765-4321');
    expect(formatNumeroWhatsapp('551133334444')).toBe('+55 (11) 3333-4444');
  });

  it('shows Desconectado with Conectar, and Conectado with the number and since when', { timeout: 30_000 }, async () => {
    const { handlers } = servidor();
    renderScreen(handlers, <WhatsappPage />);
    expect((await screen.findByTestId('status-conexao', {}, SLOW)).textContent).toBe('Desconectado');
    expect(screen.getByText('Gateway: Simulado (demonstração)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conectar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).toBeNull();
  });

  it('Conectado: number, since when and Desconectar', { timeout: 30_000 }, async () => {
    const { handlers } = servidor({ status: 'Conectado', numero: '5511999990000', conectadoEm: '2026-11-27T13:05:00.000Z' });
    renderScreen(handlers, <WhatsappPage />);
    await waitFor(() => expect(screen.getByTestId('status-conexao').textContent).toBe('Conectado'), SLOW);
    expect(screen.getByTestId('numero-conectado').textContent).toBe('+55 (11) 99999-0000');
    expect(screen.getByText('Conectado desde 27/11/2026 10:05')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desconectar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Conectar' })).toBeNull();
  });

  it('pairs: the QR is asked again while waiting, and the polling stops once connected', { timeout: 30_000 }, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { estado, handlers } = servidor();
    const api = renderScreen(handlers, <WhatsappPage />);
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Conectar' }, SLOW));

    const img = await screen.findByRole('img', { name: 'QR code para conectar o WhatsApp' }, SLOW);
    expect(img.getAttribute('src')).toBe(QR);
    expect(screen.getByTestId('status-conexao').textContent).toBe('Aguardando leitura');
    expect(screen.getByText(/Aparelhos conectados › Conectar um aparelho/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simular leitura do QR code (demonstração)' })).toBeTruthy();

    const qrAntes = contar(api.requests, 'GET', '/whatsapp/qrcode');
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    await waitFor(() => expect(contar(api.requests, 'GET', '/whatsapp/qrcode')).toBeGreaterThan(qrAntes));

    // The phone reads the QR: the next status poll says Conectado.
    estado.atual = { status: 'Conectado', numero: '5511999990000', conectadoEm: '2026-11-27T13:05:00.000Z' };
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    await waitFor(() => expect(screen.getByTestId('status-conexao').textContent).toBe('Conectado'));
    expect(screen.queryByRole('img', { name: 'QR code para conectar o WhatsApp' })).toBeNull();

    const status = contar(api.requests, 'GET', '/whatsapp/status');
    const qr = contar(api.requests, 'GET', '/whatsapp/qrcode');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(contar(api.requests, 'GET', '/whatsapp/status')).toBe(status);
    expect(contar(api.requests, 'GET', '/whatsapp/qrcode')).toBe(qr);
  });

  it('renders the template preview live and inserts a variable at the cursor', { timeout: 30_000 }, async () => {
    const { handlers } = servidor();
    renderScreen(handlers, <WhatsappPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Aniversário/ }, SLOW));
    const previa = await screen.findByRole('figure', { name: 'Prévia: Aniversário' });
    expect(previa.textContent).toContain('Olá, Maria! A equipe da Pet Shop Demonstração deseja um feliz aniversário!');

    const escopo = within(painel('Aniversário'));
    const texto = (await escopo.findByRole('textbox', { name: /^Texto/ }, SLOW)) as HTMLTextAreaElement;
    await user.clear(texto);
    await user.type(texto, 'Parabéns, !');
    expect(previa.textContent).toContain('Parabéns, !');

    // Only the birthday's variables are offered.
    expect(escopo.queryByRole('button', { name: /^Inserir \{\{pet\}\}/ })).toBeNull();
    texto.setSelectionRange(10, 10);
    await user.click(escopo.getByRole('button', { name: /^Inserir \{\{nome\}\}/ }));
    expect(texto.value).toBe('Parabéns, {{nome}}!');
    expect(previa.textContent).toContain('Parabéns, Maria!');
  });

  it('inserirNoCursor replaces the selection', () => {
    expect(inserirNoCursor('Olá !', '{{nome}}', 4, 4)).toEqual({ texto: 'Olá {{nome}}!', cursor: 12 });
    expect(inserirNoCursor('Olá XX!', '{{nome}}', 4, 6)).toEqual({ texto: 'Olá {{nome}}!', cursor: 12 });
  });

  it('saves every template in one PUT, and shows the API errors on their field', { timeout: 30_000 }, async () => {
    let recusar = false;
    const { handlers } = servidor(
      {},
      {
        [`PUT /geral/unidades-negocio/${MATRIZ_ID}/whatsapp/mensagens`]: (r) =>
          recusar ? errors(400, { 'vacinaAVencer.texto': ['Variável não disponível neste modelo: {{hora}}'] }) : json(r.data),
      },
    );
    const api = renderScreen(handlers, <WhatsappPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Aniversário/ }, SLOW));
    await user.click(await screen.findByRole('switch', { name: 'Enviar mensagem de aniversário' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Salvar modelos' }));
    await waitFor(() => expect(contar(api.requests, 'PUT', `/geral/unidades-negocio/${MATRIZ_ID}/whatsapp/mensagens`)).toBe(1));
    const body = api.requests.find((r) => r.method === 'PUT')!.data as typeof MODELOS_PADRAO;
    const corpo = typeof body === 'string' ? (JSON.parse(body) as typeof MODELOS_PADRAO) : body;
    expect(corpo.aniversario).toEqual({ ...MODELOS_PADRAO.aniversario, ativo: true });
    expect(Object.keys(corpo).sort()).toEqual(Object.keys(MODELOS_PADRAO).sort());

    recusar = true;
    await user.click(screen.getByRole('button', { name: 'Salvar modelos' }));
    // The template with the error opens and the message sits on its text field.
    const erro = await screen.findByText('Variável não disponível neste modelo: {{hora}}', {}, SLOW);
    const item = painel('Vacina a vencer');
    expect(item.contains(erro)).toBe(true);
    const texto = await within(item).findByRole('textbox', { name: /^Texto/, hidden: true });
    expect(texto.getAttribute('aria-invalid')).toBe('true');
  });

  it(
    'filters the log, and offers Reenviar for a failed message and Cancelar for a pending one',
    { timeout: 30_000 },
    async () => {
      const falhou = mensagem({
        id: '00000000-0000-4000-8000-0000000000a2',
        status: 'Falhou',
        ultimoErro: 'Número sem WhatsApp',
        tentativas: 5,
      });
      const pendente = mensagem({
        id: '00000000-0000-4000-8000-0000000000a3',
        status: 'Pendente',
        pessoaNome: 'Bruno Lima',
        tentativas: 0,
      });
      const { handlers } = servidor(
        {},
        {
          'GET /whatsapp/mensagens': () => pagina([mensagem(), falhou, pendente]),
          [`POST /whatsapp/mensagens/${falhou.id}/reenviar`]: () => json({ ...falhou, status: 'Pendente' }),
          [`POST /whatsapp/mensagens/${pendente.id}/cancelar`]: () => json({ ...pendente, status: 'Cancelada' }),
        },
      );
      const api = renderScreen(handlers, <WhatsappPage />);
      const user = userEvent.setup({ delay: null });
      const tabela = await screen.findByRole('table', { name: 'Mensagens do WhatsApp' }, SLOW);
      await waitFor(() => expect(within(tabela).getAllByTestId('mensagem-whatsapp')).toHaveLength(3));
      const primeira = within(tabela).getAllByTestId('mensagem-whatsapp')[0]!;
      expect(primeira.textContent).toContain('27/11/2026 09:00');
      expect(primeira.textContent).toContain('Ana Souza');
      expect(primeira.textContent).toContain('+55 (11) 98765-4321');
      expect(primeira.textContent).toContain('Aniversário');
      expect(within(tabela).getByRole('button', { name: 'Erro: Número sem WhatsApp' })).toBeTruthy();

      await user.click(within(tabela).getByRole('button', { name: 'Reenviar mensagem para Ana Souza' }));
      await waitFor(() => expect(contar(api.requests, 'POST', `/whatsapp/mensagens/${falhou.id}/reenviar`)).toBe(1));
      await user.click(within(tabela).getByRole('button', { name: 'Cancelar mensagem para Bruno Lima' }));
      await waitFor(() => expect(contar(api.requests, 'POST', `/whatsapp/mensagens/${pendente.id}/cancelar`)).toBe(1));

      await user.click(screen.getByRole('combobox', { name: 'Status' }));
      await user.click(await screen.findByRole('option', { name: 'Falhou', hidden: true }, SLOW));
      await waitFor(() =>
        expect(api.requests.some((r) => r.path === '/whatsapp/mensagens' && r.params.status === 'Falhou')).toBe(true),
      );
      await user.type(screen.getByRole('textbox', { name: 'Buscar mensagens' }), 'Ana');
      await waitFor(
        () =>
          expect(
            api.requests.some(
              (r) =>
                r.path === '/whatsapp/mensagens' &&
                r.params.query === 'Ana' &&
                r.params.status === 'Falhou' &&
                r.params.page === 1,
            ),
          ).toBe(true),
        SLOW,
      );
    },
  );

  it('sends today birthdays and sums up the counts', { timeout: 30_000 }, async () => {
    expect(resumoAniversarios({ enfileiradas: 2, jaEnviadas: 1, semTelefone: 0, semConsentimento: 3 })).toBe(
      '2 mensagens de aniversário na fila · 1 já enviada hoje · 3 clientes sem consentimento de marketing',
    );
    expect(resumoAniversarios({ enfileiradas: 0, jaEnviadas: 0, semTelefone: 1, semConsentimento: 0 })).toBe(
      'Nenhuma mensagem de aniversário nova na fila · 1 cliente sem WhatsApp',
    );
    const { handlers } = servidor(
      { status: 'Conectado', numero: '5511999990000' },
      {
        'POST /geral/enviar-mensagem-aniversario': () =>
          json({ enfileiradas: 2, jaEnviadas: 0, semTelefone: 0, semConsentimento: 0 }),
      },
    );
    const api = renderScreen(handlers, <WhatsappPage />);
    const user = userEvent.setup({ delay: null });
    const botao = await screen.findByRole('button', { name: 'Enviar aniversariantes de hoje' }, SLOW);
    await waitFor(() => expect((botao as HTMLButtonElement).disabled).toBe(false));
    await user.click(botao);
    await waitFor(() => expect(contar(api.requests, 'POST', '/geral/enviar-mensagem-aniversario')).toBe(1));
  });
});
