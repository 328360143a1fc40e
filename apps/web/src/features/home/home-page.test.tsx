/**
 * The home's vaccine indicator (issue #19 item 7): a profile that reads the clinic sees the
 * selected unit's overdue doses and those due in the next 30 days, each opening the pet's chart;
 * a profile that does not (Banhista) sees no card and the API is not asked.
 */
import type { DosesDevidas, Planejamento } from '@petshop/shared/clinica';
import { PERFIS } from '@petshop/shared/permissoes';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { adminUser, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 20_000 };
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const dose = (i: number, overrides: Partial<Planejamento>): Planejamento => ({
  id: id(i),
  petId: id(100 + i),
  petNome: `Pet ${i}`,
  tutorId: id(200 + i),
  tutorNome: `Tutor ${i}`,
  tutorCelular: '31988880000',
  vacinaId: id(300),
  vacinaNome: 'V10',
  protocoloId: null,
  protocoloNome: null,
  aplicacaoProtocoloId: null,
  ordem: 2,
  descricao: '2ª dose',
  dataPrevista: '2026-11-20',
  status: 'pendente',
  vacinaAplicadaId: null,
  dataAplicacao: null,
  unidadeNegocioId: MATRIZ_ID,
  ...overrides,
});

describe('home: vaccines to apply', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('shows the unit’s overdue and coming doses, each linking to the pet’s chart', async () => {
    useSessionStore.getState().login(loginOutput());
    const resposta: DosesDevidas = {
      dias: 30,
      atrasadas: [dose(1, { petNome: 'Thor', status: 'atrasada', dataPrevista: '2026-11-02' })],
      proximas: [dose(2, { petNome: 'Mel', dataPrevista: '2026-12-10', tutorNome: 'Carla Dias' })],
    };
    const api = createFakeApi({ 'GET /clinica/planejamentos/doses-devidas': () => json(resposta) });
    renderApp('/', { adapter: api.adapter });

    const card = await screen.findByRole('region', { name: 'Vacinas a aplicar' }, SLOW);
    expect(await within(card).findByText('1 atrasada', {}, SLOW)).toBeTruthy();
    expect(within(card).getByText('1 nos próximos 30 dias')).toBeTruthy();
    const thor = within(card).getByRole('link', { name: 'Thor · V10 (2ª dose)' });
    expect(thor.getAttribute('href')).toBe(`/clientes/${id(201)}/ficha-animal/${id(101)}`);
    expect(within(card).getByText('02/11/2026')).toBeTruthy();
    expect(within(card).getByText('Carla Dias · (31) 98888-0000')).toBeTruthy();
    expect(api.requests.find((r) => r.path.includes('doses-devidas'))?.params).toEqual({ dias: 30 });
  });

  it('is not shown to a profile that does not read the clinic', async () => {
    const banhista = adminUser({
      unidadesNegocio: [
        {
          id: MATRIZ_ID,
          nome: 'Matriz',
          perfil: { id: 'banhista', nome: 'Banhista / Tosador' },
          permissoes: [...PERFIS.banhista.permissoes],
          timeZone: 'America/Sao_Paulo',
        },
      ],
    });
    useSessionStore.getState().login({ accessToken: 'token-1', user: banhista });
    const api = createFakeApi({});
    renderApp('/', { adapter: api.adapter });
    await screen.findByLabelText('Data de hoje', {}, SLOW);
    expect(screen.queryByRole('region', { name: 'Vacinas a aplicar' })).toBeNull();
    expect(api.requests.some((r) => r.path.includes('doses-devidas'))).toBe(false);
  });
});
