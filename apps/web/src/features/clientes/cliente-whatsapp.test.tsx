/**
 * The customer page's "WhatsApp" action (issue #21 item 4): shown only with a WhatsApp/mobile
 * phone and the permission clientes; the modal sends POST /whatsapp/mensagens with the person,
 * the phone and the text; the API's field error lands on the text.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ClienteWhatsappButton, telefonesWhatsapp } from './components/cliente-whatsapp-button.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { errors, json } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderScreen } from '#test/render-screen.tsx';

const SLOW = { timeout: 10_000 };
const comWhatsapp = pessoaFixture({
  telefones: [
    { numero: '1133334444', tipo: 'fixo', whatsapp: false },
    { numero: '11987654321', tipo: 'celular', whatsapp: true },
  ],
});

describe('customer page: WhatsApp action', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('picks the WhatsApp phone first, then mobiles, never a landline', () => {
    expect(telefonesWhatsapp(comWhatsapp)).toEqual(['11987654321']);
    expect(
      telefonesWhatsapp(
        pessoaFixture({
          telefones: [
            { numero: '11911112222', tipo: 'celular', whatsapp: false },
            { numero: '11933334444', tipo: 'comercial', whatsapp: true },
          ],
        }),
      ),
    ).toEqual(['11933334444', '11911112222']);
  });

  it('is hidden without a WhatsApp/mobile phone', () => {
    renderScreen(
      {},
      <ClienteWhatsappButton pessoa={pessoaFixture({ telefones: [{ numero: '1133334444', tipo: 'fixo', whatsapp: false }] })} />,
    );
    expect(screen.queryByRole('button', { name: 'WhatsApp' })).toBeNull();
  });

  it('is hidden without the permission clientes', () => {
    const perfilSemClientes = loginOutput().user.unidadesNegocio.map((u) => ({
      ...u,
      permissoes: u.permissoes.filter((p) => p !== 'clientes'),
    }));
    useSessionStore.getState().login(loginOutput({ unidadesNegocio: perfilSemClientes }));
    useSessionStore.getState().selectUnidade(FILIAL_ID);
    renderScreen({}, <ClienteWhatsappButton pessoa={comWhatsapp} />);
    expect(screen.queryByRole('button', { name: 'WhatsApp' })).toBeNull();
  });

  it('sends the typed message, and shows the field error the API answers', { timeout: 30_000 }, async () => {
    let recusar = true;
    const api = renderScreen(
      {
        'GET /whatsapp/mensagens': () =>
          json({
            items: [
              {
                id: '00000000-0000-4000-8000-000000000009',
                tipo: 'confirmacaoAgendamento',
                status: 'Lida',
                telefone: '5511987654321',
                texto: 'Olá, Carla! O banho do Thor está marcado.',
                pessoaId: comWhatsapp.id,
                pessoaNome: 'Carla Dias',
                petId: null,
                petNome: 'Thor',
                atendimentoId: null,
                agendadaPara: '2026-11-27T12:00:00.000Z',
                tentativas: 1,
                ultimoErro: null,
                enviadaEm: '2026-11-27T12:00:01.000Z',
                entregueEm: null,
                lidaEm: null,
                createdAt: '2026-11-27T12:00:00.000Z',
              },
            ],
            total: 1,
            page: 1,
            pageSize: 5,
          }),
        'POST /whatsapp/mensagens': (r) =>
          recusar
            ? errors(400, { texto: ['Mensagem muito longa'] })
            : json({ id: '00000000-0000-4000-8000-000000000001', status: 'Pendente', ...(r.data as object) }),
      },
      <ClienteWhatsappButton pessoa={comWhatsapp} />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'WhatsApp' }));
    expect(await screen.findByText('Para (11) 98765-4321', {}, SLOW)).toBeTruthy();
    const texto = await screen.findByRole('textbox', { name: /^Mensagem/ }, SLOW);
    // The customer's last messages (the admin has the permission whatsapp), asked by person.
    const ultima = await screen.findByTestId('ultima-mensagem', {}, SLOW);
    expect(ultima.textContent).toContain('27/11/2026 09:00');
    expect(ultima.textContent).toContain('Confirmação de agendamento: Olá, Carla! O banho do Thor está marcado.');
    expect(ultima.textContent).toContain('Lida');
    expect(api.requests.find((r) => r.method === 'GET')?.params).toMatchObject({ pessoaId: comWhatsapp.id, page: 1 });
    await user.type(texto, 'Olá, Carla! Chegou a ração do Thor.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Mensagem muito longa', {}, SLOW)).toBeTruthy();

    recusar = false;
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    const body = api.requests.filter((r) => r.method === 'POST').at(-1)!.data;
    expect(typeof body === 'string' ? JSON.parse(body) : body).toEqual({
      pessoaId: comWhatsapp.id,
      telefone: '11987654321',
      texto: 'Olá, Carla! Chegou a ração do Thor.',
    });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Mensagem/ })).toBeNull(), SLOW);
  });
});
