import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { loginOutput } from '#test/fixtures.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { stripVendasDefaults, vendasSearchSchema, type VendasSearch } from './vendas-search.ts';

describe('sales list search params (spec §5)', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    // 01:30 UTC on the 10th is still the 9th in São Paulo (UTC−3).
    vi.useFakeTimers({ now: new Date('2024-03-10T01:30:00Z'), toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it("defaults to page 1, 20 per page, no filters and today's date in the unit's time zone", () => {
    expect(hojeNaUnidade()).toBe('2024-03-09');
    expect(vendasSearchSchema.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      query: undefined,
      clienteId: undefined,
      returnTo: undefined,
      dataInicio: '2024-03-09',
      dataFim: '2024-03-09',
      statuses: [],
    });
  });

  it('takes the unit of the session for today', () => {
    const user = loginOutput().user;
    const [matriz] = user.unidadesNegocio;
    if (!matriz) throw new Error('fixture sem unidade');
    useSessionStore
      .getState()
      .login({ ...loginOutput(), user: { ...user, unidadesNegocio: [{ ...matriz, timeZone: 'Asia/Tokyo' }] } });
    expect(vendasSearchSchema.parse({}).dataInicio).toBe('2024-03-10');
  });

  it('reads dates typed dd/MM/yyyy, falls back to today on invalid ones and keeps known statuses only', () => {
    const search = vendasSearchSchema.parse({
      page: '3',
      dataInicio: '01/02/2024',
      dataFim: '31/02/2024',
      statuses: ['Finalizada', 'Inventado', 'Finalizada', 'Cancelada'],
      clienteId: 'não é uuid',
      query: 123,
    });
    expect(search).toMatchObject({
      page: 3,
      dataInicio: '2024-02-01',
      dataFim: '2024-03-09',
      statuses: ['Finalizada', 'Cancelada'],
    });
    expect(search.clienteId).toBeUndefined();
    expect(search.query).toBe('123');
    expect(vendasSearchSchema.parse({ statuses: 'EmAberto,Cancelada' }).statuses).toEqual(['EmAberto', 'Cancelada']);
  });

  it('keeps returnTo only when it is a path of this site', () => {
    expect(vendasSearchSchema.parse({ returnTo: '/clientes/abc?tab=resumo' }).returnTo).toBe('/clientes/abc?tab=resumo');
    expect(vendasSearchSchema.parse({ returnTo: 'https://evil.example' }).returnTo).toBeUndefined();
    expect(vendasSearchSchema.parse({ returnTo: '//evil.example' }).returnTo).toBeUndefined();
  });

  it('leaves the defaults out of the URL and keeps everything else', () => {
    const strip = (search: VendasSearch) => stripVendasDefaults({ search, next: (s) => s });
    const defaults = vendasSearchSchema.parse({});
    expect(strip(defaults)).toEqual({ query: undefined, clienteId: undefined, returnTo: undefined });
    const other = vendasSearchSchema.parse({ page: 2, dataInicio: '2024-03-01', statuses: ['EmAberto'] });
    expect(strip(other)).toMatchObject({ page: 2, dataInicio: '2024-03-01', statuses: ['EmAberto'] });
    expect(strip(other)).not.toHaveProperty('dataFim');
  });
});
