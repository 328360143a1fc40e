/**
 * The expiry report's screen (issue #20) against a fake API: days to expiry → bucket and colour
 * (red expired, orange up to 15 days), the chart's points in bucket order with their colours,
 * the table with its badges and the totals row of all lots, the cards split expired / to
 * expire, and the situation, days and category filters sent to the API.
 */
import { alertaVencimento, faixaVencimento, type RelatorioVencimento } from '@petshop/shared/relatorios-estoque';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { json } from '#test/fake-api.ts';
import { renderScreen } from '#test/render-screen.tsx';
import { loginOutput } from '#test/fixtures.ts';
import { COR_FAIXA, pontosDoGrafico } from './grafico-vencimento.tsx';
import { corVencimento, ProdutosProximoVencimentoPage, textoDias } from './produtos-proximo-vencimento-page.tsx';
import type { VencimentoSearch } from './vencimento-search.ts';

const SLOW = { timeout: 30_000 };

const linha = (lote: string, dias: number, quantidade: number, valorCusto: number) => ({
  loteId: `id-${lote}`,
  produtoId: 'p1',
  produtoNome: `Vermífugo ${lote}`,
  codigo: 'VERM1',
  unidadeSigla: 'UN',
  permiteVendaFracionada: false,
  lote,
  dataValidade: '2026-11-24',
  diasParaVencer: dias,
  quantidade,
  custoUnitario: 12.5,
  valorCusto,
});

const resposta: RelatorioVencimento = {
  items: [linha('L-VENC', -3, 2, 25), linha('L-5', 5, 4, 50), linha('L-20', 20, 3, 90)],
  total: 3,
  page: 1,
  pageSize: 20,
  totais: {
    lotes: 3,
    quantidade: 9,
    valorCusto: 165,
    lotesVencidos: 1,
    quantidadeVencida: 2,
    valorVencido: 25,
    lotesAVencer: 2,
    quantidadeAVencer: 7,
    valorAVencer: 140,
  },
  periodo: null,
  criterio: 'Lotes com saldo maior que zero e data de validade.',
  faixas: [
    { faixa: 'vencidos', rotulo: 'Vencidos', lotes: 1, valorCusto: 25 },
    { faixa: '0-7', rotulo: '0 a 7 dias', lotes: 1, valorCusto: 50 },
    { faixa: '8-15', rotulo: '8 a 15 dias', lotes: 0, valorCusto: 0 },
    { faixa: '16-30', rotulo: '16 a 30 dias', lotes: 1, valorCusto: 90 },
    { faixa: '31-60', rotulo: '31 a 60 dias', lotes: 0, valorCusto: 0 },
    { faixa: '61+', rotulo: '61 dias ou mais', lotes: 0, valorCusto: 0 },
  ],
};

function Tela() {
  const [search, setSearch] = useState<VencimentoSearch>({ page: 1, pageSize: 20 });
  return (
    <ProdutosProximoVencimentoPage
      search={search}
      onSearchChange={(patch) => setSearch((p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }))}
    />
  );
}

const VERMIFUGOS = '5b3a4f2e-8c1d-4e6f-9a7b-2c3d4e5f6a7b';
const categorias = {
  items: [{ id: VERMIFUGOS, nome: 'Vermífugos', categoriaPaiId: null, categoriaPaiNome: null, ativo: true }],
  total: 1,
  page: 1,
  pageSize: 100,
};

const montar = () =>
  renderScreen(
    {
      'GET /relatorios/produtos-proximo-vencimento': () => json(resposta),
      'GET /inventario/categorias-produto': () => json(categorias),
    },
    <Tela />,
  );

describe('expiry buckets and colours', () => {
  it('puts days to expiry in the chart buckets and colours them', () => {
    expect([-1, 0, 7, 8, 15, 16, 30, 31, 60, 61, 365].map(faixaVencimento)).toEqual([
      'vencidos',
      '0-7',
      '0-7',
      '8-15',
      '8-15',
      '16-30',
      '16-30',
      '31-60',
      '31-60',
      '61+',
      '61+',
    ]);
    expect([-10, -1, 0, 15, 16, 90].map(alertaVencimento)).toEqual([
      'vencido',
      'vencido',
      'alerta',
      'alerta',
      'normal',
      'normal',
    ]);
    expect([-1, 0, 15, 16].map(corVencimento)).toEqual(['red.7', 'orange.8', 'orange.8', undefined]);
    expect([-3, 0, 1, 20].map(textoDias)).toEqual(['Vencido há 3 dias', 'Vence hoje', 'Vence amanhã', '20 dias']);
    const pontos = pontosDoGrafico(resposta.faixas);
    expect(pontos.map((p) => [p.faixa, p.valorCusto, p.color])).toEqual([
      ['Vencidos', 25, COR_FAIXA.vencidos],
      ['0 a 7 dias', 50, COR_FAIXA['0-7']],
      ['8 a 15 dias', 0, COR_FAIXA['8-15']],
      ['16 a 30 dias', 90, COR_FAIXA['16-30']],
      ['31 a 60 dias', 0, COR_FAIXA['31-60']],
      ['61 dias ou mais', 0, COR_FAIXA['61+']],
    ]);
    expect(COR_FAIXA.vencidos).toMatch(/^red/);
    expect(COR_FAIXA['0-7']).toMatch(/^orange/);
  });
});

describe('/relatorios/produtos-proximos-vencimento', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the lots with their expiry badges, the totals row and the cards; filters reach the API', SLOW, async () => {
    const user = userEvent.setup();
    const api = montar();
    const tabela = await screen.findByRole('table', { name: 'Produtos próximos do vencimento' });
    await within(tabela).findByText('Vermífugo L-VENC');
    const vencido = within(tabela).getByText('Vencido há 3 dias');
    const estilo = (el: HTMLElement) => el.closest('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(estilo(vencido)).toContain('--mantine-color-red');
    expect(estilo(within(tabela).getByText('5 dias'))).toContain('--mantine-color-orange');
    expect(within(tabela).getByText('20 dias').closest('.mantine-Badge-root')).toBeNull();
    const totais = within(tabela).getByTestId('relatorio-totais');
    expect(
      within(totais)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '', '3 lotes', '', '', '9', '', 'R$ 165,00']);
    screen.getByLabelText('Vencidos: R$ 25,00');
    screen.getByLabelText('A vencer em até 60 dias: R$ 140,00');
    screen.getByRole('figure', { name: 'Valor a custo por faixa de vencimento' });

    await user.click(screen.getByText('Somente vencidos'));
    await waitFor(() =>
      expect(
        api.requests.some((r) => r.path === '/relatorios/produtos-proximo-vencimento' && r.params.situacao === 'vencidos'),
      ).toBe(true),
    );
    expect(screen.queryByLabelText('Vencem em até (dias)')).toBeNull();
    await user.click(screen.getByText('Vencidos e a vencer'));
    const dias = await screen.findByLabelText('Vencem em até (dias)');
    await user.clear(dias);
    await user.type(dias, '90{Enter}');
    await waitFor(() => expect(api.requests.some((r) => r.params.dias === 90)).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await user.click(await screen.findByRole('option', { name: 'Vermífugos', hidden: true }, SLOW));
    await waitFor(() => expect(api.requests.at(-1)!.params).toMatchObject({ dias: 90, categoriaId: VERMIFUGOS }));
  });
});
