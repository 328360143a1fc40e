/**
 * The audit screen (issue #22 item 4) through the real router against a fake API: the rows
 * (dd/MM/yyyy HH:mm, user, unit, the act's badge, description), the filters sent to the API and
 * kept in the URL, the drawer's "Antes → Depois" with money as R$, the empty and loading states,
 * and the Administrador-only access (the card and the route).
 */
import type { EventoAuditoria } from '@petshop/shared/auditoria';
import { PERFIS } from '@petshop/shared/permissoes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type FakeHandler } from '#test/fake-api.ts';
import { adminUser, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';
import { formatarValor, linhasAlteracao, rotuloCampo, rotuloEntidade } from './valores-auditoria.ts';

const SLOW = { timeout: 10_000 };
const GERENTE = '55555555-5555-4555-8555-555555555555';

const evento = (overrides: Partial<EventoAuditoria> = {}): EventoAuditoria => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  criadoEm: '2026-11-27T13:05:00.000Z',
  acao: 'VendaCancelada',
  acaoNome: 'Venda cancelada',
  usuarioId: GERENTE,
  usuarioNome: 'Gabriel Gerente',
  unidadeNegocioId: MATRIZ_ID,
  unidadeNegocioNome: 'Matriz',
  entidade: 'venda',
  entidadeId: '00000000-0000-4000-8000-0000000000f1',
  descricao: 'Venda nº 123 (R$ 320,00) cancelada: Cliente desistiu',
  antes: { numero: 123, status: 'Finalizada', total: 320 },
  depois: { status: 'Cancelada', motivo: 'Cliente desistiu' },
  ip: '10.0.0.7',
  ...overrides,
});

const usuario = (id: string, nome: string) => ({
  id,
  nome,
  email: `${nome.split(' ')[0]!.toLowerCase()}@demo.com.br`,
  cpf: null,
  telefone: null,
  crmv: null,
  fotoUrl: null,
  ativo: true,
  descontoMaximo: null,
  operadorPlataforma: false,
  unidades: [],
  createdAt: '2026-01-01T12:00:00.000Z',
});

const api = (eventos: (req: { params: Record<string, unknown> }) => EventoAuditoria[]) => {
  const handlers: Record<string, FakeHandler> = {
    'GET /auth/me': () => json(useSessionStore.getState().user),
    'GET /auth/usuarios': () =>
      json({
        items: [usuario(GERENTE, 'Gabriel Gerente'), usuario(adminUser().id, 'Ana Souza')],
        total: 2,
        page: 1,
        pageSize: 100,
      }),
    'GET /auditoria': (req) => {
      const items = eventos(req);
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    },
  };
  return createFakeApi(handlers);
};

describe('valores-auditoria', () => {
  it('labels fields and formats money, percent, yes/no and absent values', () => {
    expect(rotuloCampo('precoVenda')).toBe('Preço de venda');
    expect(rotuloCampo('valorEsperado')).toBe('Valor esperado');
    expect(formatarValor('precoVenda', 12)).toBe('R$ 12,00');
    expect(formatarValor('total', 1234.5)).toBe('R$ 1.234,50');
    expect(formatarValor('descontoMaximo', 10)).toBe('10%');
    expect(formatarValor('quantidade', 2.5)).toBe('2,5');
    expect(formatarValor('ativo', false)).toBe('Não');
    expect(formatarValor('motivo', null)).toBe('—');
    expect(linhasAlteracao({ precoVenda: 10 }, { precoVenda: 12, motivo: 'Reajuste' })).toEqual([
      { chave: 'precoVenda', campo: 'Preço de venda', antes: 'R$ 10,00', depois: 'R$ 12,00', mudou: true },
      { chave: 'motivo', campo: 'Motivo', antes: '—', depois: 'Reajuste', mudou: true },
    ]);
    // Only in antes: context the act did not change, the same on both sides.
    expect(linhasAlteracao({ numero: 7 }, { status: 'Cancelada' })[0]).toMatchObject({ antes: '7', depois: '7', mudou: false });
    expect(rotuloEntidade('documento_fiscal')).toBe('Documento fiscal');
  });
});

describe('Auditoria screen', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'lists the events, filters by ação (sent and kept in the URL), opens the drawer with Antes → Depois',
    { timeout: 60_000 },
    async () => {
      const fake = api(({ params }) =>
        params.acao === 'PrecoAlterado'
          ? [
              evento({
                id: '00000000-0000-4000-8000-0000000000e2',
                acao: 'PrecoAlterado',
                acaoNome: 'Preço alterado',
                descricao: 'Preço de venda de Ração X: R$ 10,00 → R$ 12,00',
                antes: { precoVenda: 10 },
                depois: { precoVenda: 12 },
              }),
            ]
          : [evento()],
      );
      const { router } = renderApp('/configuracoes/geral/auditoria', { adapter: fake.adapter });
      await screen.findByRole('heading', { name: 'Auditoria' }, SLOW);
      const tabela = await screen.findByRole('table', { name: 'Eventos de auditoria' }, SLOW);
      const linha = await within(tabela).findByRole('row', { name: /Venda cancelada: Venda nº 123/ }, SLOW);
      expect(linha.textContent).toContain('27/11/2026 10:05');
      expect(linha.textContent).toContain('Gabriel Gerente');
      expect(linha.textContent).toContain('Matriz');
      expect(linha.textContent).toContain('Venda nº 123 (R$ 320,00) cancelada: Cliente desistiu');
      // The default period (the last 30 days) is sent and left out of the URL.
      const primeira = fake.requests.find((r) => r.path === '/auditoria')!;
      expect(primeira.params).toMatchObject({ page: 1, pageSize: 20 });
      expect(String(primeira.params.dataInicio)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(router.state.location.search).toEqual({});

      const user = userEvent.setup({ delay: null });
      await user.click(linha);
      const drawer = await screen.findByRole('dialog', { name: 'Evento de auditoria' }, SLOW);
      const antesDepois = within(drawer).getByRole('table', { name: 'Antes e depois' });
      const rows = within(antesDepois)
        .getAllByRole('row')
        .map((r) => r.textContent);
      expect(rows).toEqual([
        'CampoAntesDepois',
        'Número123123',
        'SituaçãoFinalizadaCancelada',
        'TotalR$ 320,00R$ 320,00',
        'Motivo—Cliente desistiu',
      ]);
      expect(within(drawer).getByText('10.0.0.7')).toBeTruthy();
      await user.click(within(drawer).getByRole('button', { name: 'Fechar' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Evento de auditoria' })).toBeNull());

      await user.click(screen.getByRole('combobox', { name: 'Ação' }));
      await user.click(await screen.findByRole('option', { name: 'Preço alterado', hidden: true }, SLOW));
      await waitFor(() => expect(router.state.location.search).toMatchObject({ acao: 'PrecoAlterado' }));
      await within(tabela).findByRole('row', { name: /Preço alterado: Preço de venda de Ração X/ }, SLOW);
      expect(fake.requests.at(-1)!.params).toMatchObject({ acao: 'PrecoAlterado', page: 1 });
      await user.click(within(tabela).getByRole('row', { name: /Preço alterado/ }));
      const drawer2 = await screen.findByRole('dialog', { name: 'Evento de auditoria' }, SLOW);
      expect(
        within(drawer2)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toContain('Preço de vendaR$ 10,00R$ 12,00');
    },
  );

  it('reads its filters from the URL and shows the empty state', { timeout: 60_000 }, async () => {
    const fake = api(() => []);
    renderApp(
      `/configuracoes/geral/auditoria?usuarioId=${GERENTE}&dataInicio=2026-11-01&dataFim=2026-11-30&query=ra%C3%A7%C3%A3o`,
      {
        adapter: fake.adapter,
      },
    );
    expect(await screen.findByText('Nenhum evento encontrado', {}, SLOW)).toBeTruthy();
    expect(fake.requests.find((r) => r.path === '/auditoria')!.params).toMatchObject({
      usuarioId: GERENTE,
      dataInicio: '2026-11-01',
      dataFim: '2026-11-30',
      query: 'ração',
    });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Usuário' }) as HTMLInputElement).value).toBe('Gabriel Gerente'),
    );
    expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe('ração');
  });

  it(
    'the settings card is an Administrador’s only; a Gerente gets the no-access page at the URL',
    { timeout: 60_000 },
    async () => {
      const fake = api(() => [evento()]);
      const admin = renderApp('/configuracoes', { adapter: fake.adapter });
      expect(await screen.findByRole('link', { name: /Auditoria/ }, SLOW)).toBeTruthy();
      admin.unmount();

      const gerente = adminUser({
        unidadesNegocio: [
          {
            id: MATRIZ_ID,
            nome: 'Matriz',
            perfil: { id: 'gerente', nome: 'Gerente' },
            permissoes: [...PERFIS.gerente.permissoes],
            timeZone: 'America/Sao_Paulo',
          },
        ],
      });
      useSessionStore.getState().login({ accessToken: 'token-g', user: gerente });
      const g = renderApp('/configuracoes', { adapter: fake.adapter });
      await screen.findByRole('link', { name: /WhatsApp/ }, SLOW);
      expect(screen.queryByRole('link', { name: /Auditoria/ })).toBeNull();
      g.unmount();
      renderApp('/configuracoes/geral/auditoria', { adapter: fake.adapter });
      expect(await screen.findByRole('heading', { name: 'Acesso restrito' }, SLOW)).toBeTruthy();
      expect(fake.requests.filter((r) => r.path === '/auditoria' && r.headers.authorization === 'Bearer token-g')).toHaveLength(
        0,
      );
    },
  );
});
