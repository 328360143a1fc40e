/**
 * /fiscal/ (issue #18 item 6) against a fake API answering the contract of
 * packages/shared/src/fiscal.ts: this month by default, the filters sent as the API reads them,
 * each row's actions by status, the cancellation's reason checked before it is sent, the
 * contingency banner and the inutilização's result.
 */
import type { DocumentoFiscal, InutilizacaoFiscal } from '@petshop/shared/fiscal';
import type { Page } from '@petshop/shared/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };

const doc = (over: Partial<DocumentoFiscal>): DocumentoFiscal => ({
  id: '0d000000-0000-4000-8000-000000000001',
  vendaId: '0a000000-0000-4000-8000-000000000001',
  vendaNumero: 41,
  modelo: 65,
  serie: 1,
  numero: 101,
  chave: '35240311222333000181650010000001011000001010',
  tipoEmissao: '1',
  ambiente: 'homologacao',
  status: 'autorizada',
  cStat: '100',
  motivo: 'Autorizado o uso da NF-e',
  protocolo: '135240000000001',
  dataAutorizacao: '2024-03-09T13:05:02-03:00',
  emitidoEm: '2024-03-09T13:05:00-03:00',
  cpfDestinatario: '52998224725',
  clienteNome: 'Carla Dias',
  valorTotal: '1234.56',
  tentativas: 1,
  justificativaCancelamento: null,
  dataCancelamento: null,
  podeCancelar: true,
  podeRetransmitir: false,
  urlConsulta: null,
  qrCode: null,
  ...over,
});

const autorizada = doc({});
const rejeitada = doc({
  id: '0d000000-0000-4000-8000-000000000002',
  numero: 102,
  vendaNumero: 42,
  status: 'rejeitada',
  cStat: '778',
  motivo: 'Rejeição: Informado NCM inexistente',
  protocolo: null,
  cpfDestinatario: null,
  clienteNome: null,
  valorTotal: '50',
  podeCancelar: false,
  podeRetransmitir: true,
});
const contingencia = doc({
  id: '0d000000-0000-4000-8000-000000000003',
  numero: 103,
  vendaNumero: 43,
  status: 'contingencia',
  tipoEmissao: '9',
  cStat: null,
  motivo: null,
  protocolo: null,
  podeCancelar: false,
  podeRetransmitir: true,
});
const cancelada = doc({
  id: '0d000000-0000-4000-8000-000000000004',
  numero: 104,
  vendaNumero: 44,
  status: 'cancelada',
  podeCancelar: false,
});

const page = (items: DocumentoFiscal[], total = items.length): Page<DocumentoFiscal> => ({ items, total, page: 1, pageSize: 20 });

const setup = (extra: Record<string, (req: RecordedRequest) => ReturnType<typeof json>> = {}) =>
  createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /fiscal/documentos': (req) =>
      req.params.status === 'contingencia' && req.params.pageSize === 1
        ? json(page([contingencia], 3))
        : json(page([autorizada, rejeitada, contingencia, cancelada])),
    ...extra,
  });

const listCalls = (api: ReturnType<typeof setup>) =>
  api.requests.filter((r) => r.method === 'GET' && r.path === '/fiscal/documentos' && r.params.pageSize !== 1);

describe('fiscal documents screen', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    // 01:30 UTC on the 10th is still the 9th in São Paulo.
    vi.useFakeTimers({ now: new Date('2024-03-10T01:30:00Z'), toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('asks for this month, shows each document and only the actions its status allows', { timeout: 60_000 }, async () => {
    const api = setup();
    const { router } = renderApp('/fiscal', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'NFC-e nº 101' }, SLOW);
    expect(listCalls(api)[0]?.params).toEqual({ page: 1, pageSize: 20, dataInicio: '2024-03-01', dataFim: '2024-03-09' });
    expect(router.state.location.searchStr).toBe('');
    expect((screen.getByRole('textbox', { name: 'Data inicial' }) as HTMLInputElement).value).toBe('01/03/2024');

    expect(within(row).getByText('101/1')).toBeTruthy();
    expect(within(row).getByText('09/03/2024 13:05')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Abrir venda nº 41' })).toBeTruthy();
    expect(within(row).getByText('529.982.247-25')).toBeTruthy();
    expect(within(row).getByText('R$ 1.234,56')).toBeTruthy();
    expect(within(row).getByText('Autorizada')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Cancelar NFC-e nº 101' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Retransmitir/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Baixar XML da NFC-e nº 101' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Imprimir DANFE da NFC-e nº 101' })).toBeTruthy();

    const rej = screen.getByRole('row', { name: 'NFC-e nº 102' });
    expect(within(rej).getByText('Não identificado')).toBeTruthy();
    expect(within(rej).getByText('Rejeitada')).toBeTruthy();
    expect(within(rej).getByText('778 — Rejeição: Informado NCM inexistente')).toBeTruthy();
    expect(within(rej).getByRole('button', { name: 'Retransmitir NFC-e nº 102' })).toBeTruthy();
    expect(within(rej).queryByRole('button', { name: /Cancelar/ })).toBeNull();

    const cont = screen.getByRole('row', { name: 'NFC-e nº 103' });
    expect(within(cont).getByText('Em contingência')).toBeTruthy();
    expect(within(cont).getByRole('button', { name: 'Retransmitir NFC-e nº 103' })).toBeTruthy();

    const canc = screen.getByRole('row', { name: 'NFC-e nº 104' });
    expect(within(canc).getByText('Cancelada')).toBeTruthy();
    expect(within(canc).queryByRole('button', { name: /Cancelar|Retransmitir/ })).toBeNull();

    // The contingency banner counts them whatever the period, and filters on them.
    const banner = await screen.findByText(/3 NFC-e em contingência aguardando transmissão/, {}, SLOW);
    expect(banner).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Ver documentos' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.params.status).toBe('contingencia'), SLOW);
  });

  it('sends the period, statuses and search as the API reads them, kept in the URL', { timeout: 60_000 }, async () => {
    const api = setup();
    const { router } = renderApp('/fiscal?dataInicio=05/03/2024&status=rejeitada', { adapter: api.adapter });
    await screen.findByRole('row', { name: 'NFC-e nº 101' }, SLOW);
    expect(listCalls(api).at(-1)?.params).toEqual({
      page: 1,
      pageSize: 20,
      dataInicio: '2024-03-05',
      dataFim: '2024-03-09',
      status: 'rejeitada',
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Em contingência', hidden: true }, SLOW));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: ['rejeitada', 'contingencia'] }), SLOW);
    await waitFor(() => expect(listCalls(api).at(-1)?.params.status).toBe('rejeitada,contingencia'), SLOW);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '529.982.247-25{Enter}');
    await waitFor(() => expect(listCalls(api).at(-1)?.params.query).toBe('529.982.247-25'), SLOW);
    expect(listCalls(api).at(-1)?.params.page).toBe(1);
  });

  it('the cancellation asks for 15 characters before sending, then sends the reason once', { timeout: 60_000 }, async () => {
    const api = setup({
      [`POST /fiscal/documentos/${autorizada.id}/cancelamento`]: () => json({ ...autorizada, status: 'cancelada' }),
    });
    renderApp('/fiscal', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'NFC-e nº 101' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Cancelar NFC-e nº 101' }));
    const form = await screen.findByRole('form', { name: 'Cancelar NFC-e' }, SLOW);
    const campo = within(form).getByRole('textbox', { name: /Justificativa/ });
    await user.type(campo, 'Erro de caixa');
    expect(within(form).getByText('13/255 caracteres (mínimo 15)')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Cancelar NFC-e' }));
    expect(await within(form).findByText('Justificativa deve ter ao menos 15 caracteres')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(campo, ' no valor');
    expect(within(form).getByText('22/255 caracteres (mínimo 15)')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Cancelar NFC-e' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Cancelar NFC-e' })).toBeNull(), SLOW);
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.data))).toEqual({ justificativa: 'Erro de caixa no valor' });
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("shows SEFAZ's refusal of a cancellation in the modal", { timeout: 60_000 }, async () => {
    const api = setup({
      [`POST /fiscal/documentos/${autorizada.id}/cancelamento`]: () =>
        errors(400, { generalErrors: ['Prazo de cancelamento (30 minutos) encerrado'] }),
    });
    renderApp('/fiscal', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'NFC-e nº 101' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Cancelar NFC-e nº 101' }));
    const form = await screen.findByRole('form', { name: 'Cancelar NFC-e' }, SLOW);
    await user.type(within(form).getByRole('textbox', { name: /Justificativa/ }), 'Venda registrada em duplicidade');
    await user.click(within(form).getByRole('button', { name: 'Cancelar NFC-e' }));
    expect(await within(form).findByText('Prazo de cancelamento (30 minutos) encerrado', {}, SLOW)).toBeTruthy();
  });

  it('retransmits a rejected document and refreshes the list', { timeout: 60_000 }, async () => {
    const api = setup({
      [`POST /fiscal/documentos/${rejeitada.id}/retransmitir`]: () =>
        json({ ...rejeitada, status: 'autorizada', cStat: '100', podeRetransmitir: false }),
    });
    renderApp('/fiscal', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'NFC-e nº 102' }, SLOW);
    const antes = listCalls(api).length;
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Retransmitir NFC-e nº 102' }));
    expect(await screen.findByText('NFC-e nº 102 autorizada', {}, SLOW)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/retransmitir'))).toHaveLength(1);
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(antes), SLOW);
  });

  it('inutiliza a range and shows the protocol', { timeout: 60_000 }, async () => {
    const resultado: InutilizacaoFiscal = {
      id: 'i1',
      serie: 1,
      numeroInicial: 105,
      numeroFinal: 107,
      justificativa: 'Numeração pulada por falha',
      status: 'inutilizada',
      cStat: '102',
      motivo: 'Inutilização de número homologado',
      protocolo: '135240000000009',
      createdAt: '2024-03-09T14:00:00-03:00',
    };
    const api = setup({ 'POST /fiscal/inutilizacoes': () => json(resultado, 201) });
    renderApp('/fiscal', { adapter: api.adapter });
    await screen.findByRole('row', { name: 'NFC-e nº 101' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Inutilizar numeração' }));
    const form = await screen.findByRole('form', { name: 'Inutilizar numeração' }, SLOW);
    await user.type(within(form).getByRole('textbox', { name: /Número inicial/ }), '107');
    await user.type(within(form).getByRole('textbox', { name: /Número final/ }), '105');
    await user.type(within(form).getByRole('textbox', { name: /Justificativa/ }), 'Numeração pulada por falha');
    await user.click(within(form).getByRole('button', { name: 'Inutilizar' }));
    expect(await within(form).findByText('Número final deve ser maior ou igual ao inicial')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    const inicial = within(form).getByRole('textbox', { name: /Número inicial/ });
    await user.clear(inicial);
    await user.type(inicial, '105');
    const final = within(form).getByRole('textbox', { name: /Número final/ });
    await user.clear(final);
    await user.type(final, '107');
    await user.click(within(form).getByRole('button', { name: 'Inutilizar' }));
    expect(
      await screen.findByText(/Números 105 a 107 da série 1 inutilizados na SEFAZ \(protocolo 135240000000009\)/, {}, SLOW),
    ).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(String(post!.data))).toEqual({
      serie: 1,
      numeroInicial: 105,
      numeroFinal: 107,
      justificativa: 'Numeração pulada por falha',
    });
  });

  it("asks for last month's XMLs and shows the API's refusal", { timeout: 60_000 }, async () => {
    const api = setup({
      'GET /fiscal/documentos/xml-mensal': () => errors(400, { mes: ['Nenhum documento fiscal em 02/2024'] }),
    });
    renderApp('/fiscal', { adapter: api.adapter });
    await screen.findByRole('row', { name: 'NFC-e nº 101' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Baixar XMLs do mês' }));
    // The previous month by default, what the accountant asks for.
    expect(await screen.findByText('fevereiro de 2024', {}, SLOW)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Baixar zip', hidden: true }, SLOW));
    expect(await screen.findByText('Nenhum documento fiscal em 02/2024', {}, SLOW)).toBeTruthy();
    const call = api.requests.find((r) => r.path === '/fiscal/documentos/xml-mensal');
    expect(call?.params).toEqual({ mes: '2024-02' });
    expect(call?.config.responseType).toBe('blob');
  });
});
