/**
 * The generic report screen (issue #20) against a fake API speaking the report envelope: the
 * rows formatted and right-aligned, the bold totals row (of ALL rows, from `totais`) starting
 * with "Total", the period read and the `criterio`, the empty state, the error with retry, a
 * preset changing the period through `onSearchChange`, and "Exportar" calling
 * `/relatorios/{id}/exportar` with the screen's filters (no page/pageSize) and the format.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { useSessionStore } from '#lib/session/session-store.ts';
import { errors, json, type FakeHandler } from '#test/fake-api.ts';
import { renderScreen } from '#test/render-screen.tsx';
import { loginOutput } from '#test/fixtures.ts';
import type { RelatorioSearch } from '../relatorio-search.ts';
import { RelatorioPage, type ColunaTela, type RespostaRelatorio } from './relatorio-page.tsx';

const SLOW = { timeout: 20_000 };

type Linha = { id: string; nome: string; cadastradoEm: string; compras: number; valor: number; conversao: number };
type Totais = { clientes: number; valor: number; conversao: number };
type Resposta = RespostaRelatorio<Linha, Totais>;

const colunas: ColunaTela<Linha, Totais>[] = [
  { titulo: 'Nome', valor: (l) => l.nome },
  { titulo: 'Cadastrado em', tipo: 'data', valor: (l) => l.cadastradoEm },
  { titulo: 'Compras', tipo: 'inteiro', valor: (l) => l.compras, total: (t) => t.clientes },
  { titulo: 'Total comprado', tipo: 'dinheiro', valor: (l) => l.valor, total: (t) => t.valor },
  { titulo: 'Conversão', tipo: 'percentual', valor: (l) => l.conversao, total: (t) => t.conversao },
];

const resposta = (over: Partial<Resposta> = {}): Resposta => ({
  items: [
    { id: 'a', nome: 'Ana Souza', cadastradoEm: '2026-11-03', compras: 2, valor: 1234.5, conversao: 100 },
    { id: 'b', nome: 'Bruno Lima', cadastradoEm: '2026-11-30', compras: 0, valor: 0, conversao: 0 },
  ],
  total: 45,
  page: 1,
  pageSize: 20,
  // The totals of ALL 45 rows, not of the page: the screen shows these, it does not add the page up.
  totais: { clientes: 45, valor: 98765.43, conversao: 42.2 },
  periodo: { dataInicio: '2026-11-01', dataFim: '2026-11-30' },
  criterio: 'Clientes cadastrados no período, no fuso da unidade.',
  ...over,
});

/** The screen with the search held in state, as the route would hold it in the URL. */
function Tela({ onPatch, inicial }: { onPatch: (p: Record<string, unknown>) => void; inicial?: Partial<RelatorioSearch> }) {
  const [search, setSearch] = useState<RelatorioSearch>({ page: 1, pageSize: 20, ...inicial });
  return (
    <RelatorioPage<Resposta, Linha, Totais>
      id="novos-clientes"
      search={search}
      onSearchChange={(patch) => {
        onPatch(patch);
        setSearch((p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }));
      }}
      colunas={colunas}
      chaveLinha={(l) => l.id}
    />
  );
}

const renderTela = (handlers: Record<string, FakeHandler>, inicial?: Partial<RelatorioSearch>) => {
  const onPatch = vi.fn();
  const api = renderScreen(handlers, <Tela onPatch={onPatch} inicial={inicial} />);
  return { api, onPatch };
};

describe('RelatorioPage', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    URL.createObjectURL = vi.fn(() => 'blob:relatorio');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the rows formatted, the totals row of all rows, the period and the criterion', SLOW, async () => {
    renderTela({ 'GET /relatorios/novos-clientes': () => json(resposta()) });
    expect(screen.getByRole('heading', { name: 'Novos clientes' })).toBeTruthy();
    const tabela = await screen.findByRole('table', { name: 'Novos clientes' });
    await within(tabela).findByText('Ana Souza');
    const linhas = within(tabela).getAllByRole('row');
    // header, 2 rows, totals
    expect(linhas).toHaveLength(4);
    const celulas = (i: number) =>
      within(linhas[i]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(celulas(1)).toEqual(['Ana Souza', '03/11/2026', '2', 'R$ 1.234,50', '100,00 %']);
    expect(celulas(2)).toEqual(['Bruno Lima', '30/11/2026', '0', 'R$ 0,00', '0,00 %']);
    const totais = screen.getByTestId('relatorio-totais');
    expect(
      within(totais)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '', '45', 'R$ 98.765,43', '42,20 %']);
    // Numbers right-aligned, text not.
    const valor = within(linhas[1]!).getAllByRole('cell')[3]!;
    expect(valor.getAttribute('style') ?? '').toMatch(/text-align: right/);
    expect(within(linhas[1]!).getAllByRole('cell')[0]!.getAttribute('style') ?? '').not.toMatch(/text-align: right/);
    expect(screen.getByTestId('relatorio-periodo').textContent).toBe('Período: 01/11/2026 a 30/11/2026');
    expect(screen.getByTestId('relatorio-criterio').textContent).toBe('Clientes cadastrados no período, no fuso da unidade.');
    expect(screen.getByText('1–2 de 45')).toBeTruthy();
  });

  it('shows the empty state, and the error with a retry that reads again', SLOW, async () => {
    let falhar = true;
    renderTela({
      'GET /relatorios/novos-clientes': () =>
        falhar ? errors(400, { generalErrors: ['Falha ao ler o relatório'] }) : json(resposta({ items: [], total: 0 })),
    });
    expect(await screen.findByText('Não foi possível carregar o relatório')).toBeTruthy();
    expect(screen.getByText('Falha ao ler o relatório')).toBeTruthy();
    falhar = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum registro no período')).toBeTruthy();
    expect(screen.queryByTestId('relatorio-totais')).toBeNull();
  });

  it('a preset changes the period and reads it; Exportar sends the same filters without page', SLOW, async () => {
    const user = userEvent.setup();
    const { api, onPatch } = renderTela(
      {
        'GET /relatorios/novos-clientes': (req) =>
          json(
            resposta({
              periodo: {
                dataInicio: String(req.params.dataInicio ?? '2026-11-01'),
                dataFim: String(req.params.dataFim ?? '2026-11-30'),
              },
            }),
          ),
        'GET /relatorios/novos-clientes/exportar': () =>
          json(new Blob(['x']), 200, { 'content-disposition': 'attachment; filename="novos-clientes.xlsx"' }),
      },
      { query: 'ana', page: 3 },
    );
    await screen.findByText('Ana Souza');
    const leituras = () => api.requests.filter((r) => r.path === '/relatorios/novos-clientes');
    expect(leituras()[0]!.params).toEqual({ page: 3, pageSize: 20, query: 'ana' });

    await user.click(screen.getByRole('button', { name: 'Últimos 30 dias' }));
    expect(onPatch).toHaveBeenCalledWith(expect.objectContaining({ page: 1, dataInicio: expect.any(String) }));
    const patch = onPatch.mock.calls.at(-1)![0] as { dataInicio: string; dataFim: string };
    const dias = (Date.parse(patch.dataFim) - Date.parse(patch.dataInicio)) / 86_400_000;
    expect(dias).toBe(29);
    await waitFor(() =>
      expect(leituras().at(-1)!.params).toEqual({
        page: 1,
        pageSize: 20,
        query: 'ana',
        dataInicio: patch.dataInicio,
        dataFim: patch.dataFim,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Últimos 30 dias' }).getAttribute('aria-pressed')).toBe('true'),
    );

    const clique = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByRole('menuitem', { name: 'PDF (.pdf)', hidden: true })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Planilha Excel (.xlsx)', hidden: true }));
    await waitFor(() => expect(clique).toHaveBeenCalled());
    const exportacao = api.requests.find((r) => r.path === '/relatorios/novos-clientes/exportar')!;
    expect(exportacao.params).toEqual({
      query: 'ana',
      dataInicio: patch.dataInicio,
      dataFim: patch.dataFim,
      formato: 'xlsx',
    });
  });
});
