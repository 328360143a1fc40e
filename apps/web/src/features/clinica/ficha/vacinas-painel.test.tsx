/**
 * The chart's vaccination panel against a fake API speaking the clinic's contract: an overdue
 * dose in red with its days and a dose due soon in orange; "Aplicar" on a planned dose opens
 * Registrar vacina prefilled and sends the stock lot, the edited next dose and the charge once
 * (double click); the next dose left as planned is not sent; Aplicar protocolo previews the
 * dates; a read-only profile sees no write action.
 */
import type { FichaAnimal, Protocolo } from '@petshop/shared/clinica';
import type { Lote } from '@petshop/shared/estoque';
import { formatDate } from '@petshop/shared/format';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { somarDias } from './vacinas/datas-vacina.ts';
import {
  APLICACAO_ID,
  ESPECIE_ID,
  fichaAnimal,
  LOTE_ID,
  PET_ID,
  planejamento,
  PRODUTO_ID,
  PROTOCOLO_ID,
  VACINA_ID,
  vacinaAplicada,
  vacinaV10,
} from './vacinas/ficha-fixture.ts';
import { renderPainel as renderPainelFicha } from './render-painel.tsx';
import { VacinasPainel } from './vacinas-painel.tsx';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type FakeHandler } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput } from '#test/fixtures.ts';

const SLOW = { timeout: 5000 };
const pagina = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });

const protocoloV10: Protocolo = {
  id: PROTOCOLO_ID,
  nome: 'V10 filhote',
  vacinaId: VACINA_ID,
  vacinaNome: 'V10',
  especieId: ESPECIE_ID,
  especieNome: 'Canina',
  doses: [
    { descricao: '1ª dose', intervaloDias: 0 },
    { descricao: '2ª dose', intervaloDias: 21 },
    { descricao: '3ª dose', intervaloDias: 21 },
  ],
  reforcoDias: 365,
  observacoes: null,
  ativo: true,
  createdAt: '2026-01-01T12:00:00.000Z',
};

const lote = (overrides: Partial<Lote> = {}): Lote => ({
  id: LOTE_ID,
  produtoId: PRODUTO_ID,
  produtoNome: 'Vacina V10 dose',
  unidadeSigla: 'UN',
  permiteVendaFracionada: false,
  numero: 'L-A1',
  dataFabricacao: null,
  dataValidade: '2027-06-30',
  quantidade: 12,
  vencido: false,
  diasParaVencer: 200,
  ...overrides,
});

const renderPainel = (ficha: FichaAnimal, handlers: Record<string, FakeHandler> = {}) =>
  renderPainelFicha(<VacinasPainel ficha={ficha} />, {
    'GET /clinica/vacinas': () => json(pagina([vacinaV10()])),
    'GET /clinica/vacinas/protocolos': () => json(pagina([protocoloV10])),
    'GET /estoques/lotes': () =>
      json(pagina([lote(), lote({ id: 'f0000000-0000-4000-8000-000000000001', numero: 'L-VELHO', vencido: true })])),
    ...handlers,
  });

const posts = (api: ReturnType<typeof createFakeApi>, path: string) =>
  api.requests
    .filter((r) => r.method === 'POST' && r.path === path)
    .map((r) => JSON.parse(String(r.data)) as Record<string, unknown>);

describe('vaccination panel', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows an overdue dose in red with its days late, a dose due soon in orange, and the applied doses', () => {
    const hoje = hojeNaUnidade();
    renderPainel(
      fichaAnimal({
        vacinas: {
          aplicadas: [vacinaAplicada()],
          planejadas: [
            planejamento(2, { dataPrevista: somarDias(hoje, -3), status: 'atrasada' }),
            planejamento(3, { dataPrevista: somarDias(hoje, 5) }),
            planejamento(4, { descricao: 'Reforço anual', ordem: null, dataPrevista: somarDias(hoje, 300) }),
          ],
        },
      }),
    );
    const lista = screen.getByRole('list', { name: 'Doses planejadas' });
    const atrasada = within(lista).getByRole('listitem', { name: 'V10 — 2ª dose' });
    expect(atrasada.getAttribute('data-situacao')).toBe('atrasada');
    const textoAtraso = within(atrasada).getByText(`2ª dose · ${formatDate(somarDias(hoje, -3))} · atrasada há 3 dias`);
    expect(textoAtraso.getAttribute('style')).toContain('red');
    expect(within(atrasada).getByText('V10').getAttribute('style')).toContain('red');

    const proxima = within(lista).getByRole('listitem', { name: 'V10 — 3ª dose' });
    expect(proxima.getAttribute('data-situacao')).toBe('proxima');
    expect(
      within(proxima)
        .getByText(`3ª dose · ${formatDate(somarDias(hoje, 5))} · em 5 dias`)
        .getAttribute('style'),
    ).toContain('orange');

    const futura = within(lista).getByRole('listitem', { name: 'V10 — Reforço anual' });
    expect(
      within(futura)
        .getByText(`Reforço anual · ${formatDate(somarDias(hoje, 300))}`)
        .getAttribute('style') ?? '',
    ).not.toMatch(/red|orange/);

    const aplicadas = screen.getByRole('list', { name: 'Vacinas aplicadas' });
    expect(within(aplicadas).getByText('Lote L2026A · Dra. Paula (CRMV-MG 1234)')).toBeTruthy();
  });

  it('registers a planned dose with the stock lot, the next dose changed and the charge, once on a double click', async () => {
    const hoje = hojeNaUnidade();
    const dose2 = planejamento(2, { dataPrevista: hoje });
    const dose3 = planejamento(3, { dataPrevista: somarDias(hoje, 21) });
    const proxima = somarDias(hoje, 30);
    const { api, user } = renderPainel(fichaAnimal({ vacinas: { aplicadas: [], planejadas: [dose2, dose3] } }), {
      'POST /clinica/animais/ficha-animal/registrar-vacina': () =>
        json(
          vacinaAplicada({
            id: 'a0000000-0000-4000-8000-000000000001',
            vendaId: 'b0000000-0000-4000-8000-000000000001',
            vendaNumero: 57,
            proximaDose: planejamento(5, { descricao: 'Reforço', dataPrevista: proxima }),
          }),
          201,
        ),
    });

    const item = screen.getByRole('listitem', { name: 'V10 — 2ª dose' });
    await user.click(within(item).getByRole('button', { name: 'Aplicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar vacina', hidden: true });
    expect(
      within(dialog).getByText(`Completa a dose planejada: V10 — 2ª dose, prevista para ${formatDate(hoje)}`, { exact: false }),
    ).toBeTruthy();
    // The protocol's next dose is what will be planned.
    const proximaDose = within(dialog).getByLabelText('Próxima dose') as HTMLInputElement;
    await waitFor(() => expect(proximaDose.value).toBe(formatDate(somarDias(hoje, 21))), SLOW);
    expect(within(dialog).getByText('R$ 89,90', { exact: false }).textContent).toContain('Vacina V10 dose');

    // The product's lots with expiry and quantity; an expired one cannot be chosen.
    await user.click(within(dialog).getByLabelText('Lote do estoque'));
    const opcao = await screen.findByRole('option', { name: 'L-A1 — val. 30/06/2027 — 12 UN', hidden: true }, SLOW);
    expect(
      screen.getByRole('option', { name: /L-VELHO .*\(vencido\)/, hidden: true }).getAttribute('data-combobox-disabled'),
    ).toBe('true');
    await user.click(opcao);

    await user.clear(proximaDose);
    await user.type(proximaDose, formatDate(proxima));
    await user.tab();

    const registrar = within(dialog).getByRole('button', { name: 'Registrar dose', hidden: true });
    await user.dblClick(registrar);

    await screen.findByText(
      `Dose registrada; adicionada à venda nº 57. Próxima dose: Reforço em ${formatDate(proxima)}`,
      {},
      SLOW,
    );
    const enviados = posts(api, '/clinica/animais/ficha-animal/registrar-vacina');
    expect(enviados).toHaveLength(1);
    expect(enviados[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      petId: PET_ID,
      vacinaId: VACINA_ID,
      planejamentoId: dose2.id,
      dataAplicacao: hoje,
      loteId: LOTE_ID,
      fabricante: 'Zoetis',
      proximaDose: proxima,
      cobrar: true,
    });
  });

  it('leaves the planned next dose to the API and sends cobrar false when switched off', async () => {
    const hoje = hojeNaUnidade();
    const { api, user } = renderPainel(
      fichaAnimal({ vacinas: { aplicadas: [], planejadas: [planejamento(3, { dataPrevista: hoje })] } }),
      {
        'GET /clinica/vacinas': () => json(pagina([vacinaV10({ controlaLote: false })])),
        'POST /clinica/animais/ficha-animal/registrar-vacina': () => json(vacinaAplicada(), 201),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Registrar vacina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar vacina', hidden: true });
    await user.click(within(dialog).getByLabelText('Vacina'));
    await user.click(await screen.findByRole('option', { name: 'V10', hidden: true }, SLOW));
    // The last dose of a yearly protocol: the booster a year after the application.
    const proximaDose = within(dialog).getByLabelText('Próxima dose') as HTMLInputElement;
    await waitFor(() => expect(proximaDose.value).toBe(formatDate(somarDias(hoje, 365))), SLOW);
    // A product without lots: the lot as printed on the vial.
    await user.type(within(dialog).getByLabelText('Lote'), 'ABC123');
    await user.click(within(dialog).getByRole('switch', { name: /^Cobrar na venda em atendimento/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar dose', hidden: true }));

    await waitFor(() => expect(posts(api, '/clinica/animais/ficha-animal/registrar-vacina')).toHaveLength(1), SLOW);
    const [enviado] = posts(api, '/clinica/animais/ficha-animal/registrar-vacina');
    expect(enviado).toMatchObject({ vacinaId: VACINA_ID, planejamentoId: planejamento(3).id, lote: 'ABC123', cobrar: false });
    expect(enviado).not.toHaveProperty('proximaDose');
    expect(enviado).not.toHaveProperty('loteId');
  });

  it('previews the dates of a protocol before applying it', async () => {
    const hoje = hojeNaUnidade();
    const { api, user } = renderPainel(fichaAnimal(), {
      'POST /clinica/planejamentos/aplicar-protocolo': () =>
        json({ aplicacaoProtocoloId: APLICACAO_ID, doses: [planejamento(1), planejamento(2), planejamento(3)] }, 201),
    });
    await user.click(screen.getByRole('button', { name: 'Aplicar protocolo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar protocolo', hidden: true });
    await user.click(within(dialog).getByLabelText('Protocolo'));
    await user.click(await screen.findByRole('option', { name: 'V10 filhote', hidden: true }, SLOW));
    const tabela = within(dialog).getByRole('table', { name: 'Doses que serão planejadas', hidden: true });
    const linhas = within(tabela)
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((r) => r.textContent);
    expect(linhas).toEqual([
      `1ª dose${formatDate(hoje)}`,
      `2ª dose${formatDate(somarDias(hoje, 21))}`,
      `3ª dose${formatDate(somarDias(hoje, 42))}`,
    ]);
    expect(within(dialog).getByText('Reforço anual: planejado ao registrar a última dose.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar protocolo', hidden: true }));
    await screen.findByText('Protocolo aplicado: 3 doses planejadas', {}, SLOW);
    expect(posts(api, '/clinica/planejamentos/aplicar-protocolo')).toEqual([
      { petId: PET_ID, protocoloId: PROTOCOLO_ID, dataInicio: hoje },
    ]);
    // The species' protocols only.
    expect(api.requests.find((r) => r.path === '/clinica/vacinas/protocolos')?.params).toMatchObject({
      especieId: ESPECIE_ID,
      ativo: 'true',
    });
  });

  it("removes a protocol application after a confirmation that keeps the applied doses; another unit's dose has no removal", async () => {
    const hoje = hojeNaUnidade();
    const { api, user } = renderPainel(
      fichaAnimal({
        vacinas: {
          aplicadas: [vacinaAplicada()],
          planejadas: [
            planejamento(2, { dataPrevista: somarDias(hoje, 3) }),
            planejamento(9, {
              vacinaNome: 'Giárdia',
              descricao: '2ª dose',
              aplicacaoProtocoloId: null,
              unidadeNegocioId: FILIAL_ID,
            }),
          ],
        },
      }),
      { [`DELETE /clinica/planejamentos/remover-aplicacao-protocolo/${APLICACAO_ID}`]: () => json({ removidas: 1 }) },
    );
    expect(screen.queryByRole('button', { name: 'Mais ações de Giárdia — 2ª dose' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mais ações de V10 — 2ª dose' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remover aplicação do protocolo', hidden: true }, SLOW));
    const confirmacao = await screen.findByRole('dialog', { name: 'Remover aplicação do protocolo', hidden: true }, SLOW);
    expect(within(confirmacao).getByText('As doses já aplicadas continuam registradas na carteira.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(confirmacao).getByRole('button', { name: 'Remover pendentes', hidden: true }));
    await screen.findByText('Doses pendentes do protocolo removidas', {}, SLOW);
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/clinica/planejamentos/remover-aplicacao-protocolo/${APLICACAO_ID}`,
    ]);
  });

  it('shows no write action to a profile that only reads the chart', () => {
    renderPainel(fichaAnimal({ podeEscrever: false, vacinas: { aplicadas: [], planejadas: [planejamento(1)] } }));
    expect(screen.queryByRole('button', { name: 'Aplicar protocolo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Registrar vacina' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aplicar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Imprimir carteira' })).toBeTruthy();
  });
});
