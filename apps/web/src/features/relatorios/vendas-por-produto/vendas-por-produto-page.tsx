/**
 * /relatorios/vendas-por-produto (issue #20; spec §2, §7 "Reports"; GET /relatorios/vendas-por-produto):
 * per product sold in the period, quantity, revenue, cost, margin (R$ and %) and share of the
 * period's revenue, with the totals row of every filtered product; stat cards of the totals, a
 * horizontal bar chart of the 10 largest revenues, and the filters category (with its
 * sub-categories), brand and order besides the period and the search (name, code or GTIN).
 */
import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import {
  ORDENS_VENDAS_POR_PRODUTO,
  ORDENS_VENDAS_POR_PRODUTO_ROTULOS,
  TOP_GRAFICO_VENDAS_POR_PRODUTO,
  type LinhaVendasPorProduto,
  type OrdemVendasPorProduto,
  type TotaisVendasPorProduto,
  type VendasPorProdutoResposta,
} from '@petshop/shared/relatorios-vendas';
import { useMemo } from 'react';
import { SelectField } from '#lib/ui/select-field.tsx';
import { formatarCelula } from '../components/formatar-celula.ts';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';
import { CartoesResumo } from '../components/cartoes-resumo.tsx';
import { FiltroCategoria } from '../components/filtro-categoria.tsx';
import { marcasApi } from './api/marcas.ts';
import type { VendasPorProdutoSearch } from './vendas-por-produto-search.ts';

const ID = 'vendas-por-produto';

const percentual = (v: number | null) => (v === null ? '—' : formatarCelula(v, 'percentual'));

/** The product's name, with its category, brand, code and GTIN in a small line under it (columns fewer on screen). */
function NomeProduto({ linha }: { linha: LinhaVendasPorProduto }) {
  const codigos = [
    linha.categoria,
    linha.marca,
    linha.codigo ? `Cód. ${linha.codigo}` : null,
    linha.codigoBarras ? `GTIN ${linha.codigoBarras}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={0} miw={170}>
      <Text size="sm">{linha.nome}</Text>
      {codigos ? (
        <Text size="xs" c="dimmed">
          {codigos}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The table's columns: the name with category, brand, code and GTIN under it (the exports have
 * them as columns of their own), so the figures fit a 1280 px screen without scrolling.
 */
export const COLUNAS_VENDAS_POR_PRODUTO: ColunaTela<LinhaVendasPorProduto, TotaisVendasPorProduto>[] = [
  { titulo: 'Produto', valor: (l) => l.nome, render: (l) => <NomeProduto linha={l} /> },
  { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.quantidade, total: (t) => t.quantidade },
  { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento },
  { titulo: 'Custo', tipo: 'dinheiro', valor: (l) => l.custo, total: (t) => t.custo, visibleFrom: 'sm' },
  { titulo: 'Margem', tipo: 'dinheiro', valor: (l) => l.margem, total: (t) => t.margem },
  { titulo: 'Margem (%)', tipo: 'percentual', valor: (l) => l.margemPercentual, total: (t) => t.margemPercentual },
  { titulo: 'Participação', tipo: 'percentual', valor: (l) => l.participacao, total: (t) => t.participacao, visibleFrom: 'sm' },
];

const ORDEM_OPCOES = ORDENS_VENDAS_POR_PRODUTO.map((o) => ({ value: o, label: ORDENS_VENDAS_POR_PRODUTO_ROTULOS[o] }));
const ehOrdem = (v: string | null): v is OrdemVendasPorProduto => ORDENS_VENDAS_POR_PRODUTO.some((o) => o === v);

/** The totals as four cards: revenue, cost, margin (R$ and %), products sold. */
export function ResumoVendasPorProduto({ totais }: { totais: TotaisVendasPorProduto }) {
  const cartoes = [
    { rotulo: 'Faturamento', valor: formatMoney(totais.faturamento), dica: `${percentual(totais.participacao)} do período` },
    { rotulo: 'Custo', valor: formatMoney(totais.custo) },
    { rotulo: 'Margem', valor: formatMoney(totais.margem), dica: `${percentual(totais.margemPercentual)} do faturamento` },
    {
      rotulo: 'Produtos vendidos',
      valor: formatarCelula(totais.produtos, 'inteiro'),
      dica: `${formatarCelula(totais.quantidade, 'quantidade')} unidade(s)`,
    },
  ];
  return <CartoesResumo cartoes={cartoes} />;
}

/** A long product name shortened for the chart's axis (the tooltip shows it whole). */
const curto = (nome: string) => (nome.length > 40 ? `${nome.slice(0, 39)}…` : nome);

/** Horizontal bars of the TOP_GRAFICO largest revenues among the filtered products, with their margin. */
export function GraficoVendasPorProduto({ dados }: { dados: VendasPorProdutoResposta }) {
  if (dados.grafico.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Sem vendas no período
      </Text>
    );
  const pontos = dados.grafico.map((b) => ({
    produto: curto(b.nome),
    nome: b.nome,
    faturamento: b.faturamento,
    margem: b.margem,
  }));
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Os {Math.min(TOP_GRAFICO_VENDAS_POR_PRODUTO, dados.grafico.length)} produtos de maior faturamento
      </Text>
      <BarChart
        h={Math.max(160, 36 * pontos.length + 60)}
        data={pontos}
        dataKey="produto"
        orientation="vertical"
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 32 }}
        yAxisProps={{ width: 250 }}
        xAxisProps={{ tickFormatter: (v: number) => compacto(v) }}
        valueFormatter={(v) => formatMoney(v)}
        series={[
          { name: 'faturamento', label: 'Faturamento', color: 'blue.6' },
          { name: 'margem', label: 'Margem', color: 'teal.6' },
        ]}
        barProps={{ radius: 2 }}
        maxBarWidth={14}
        role="img"
        aria-label="Gráfico dos produtos de maior faturamento"
      />
    </Stack>
  );
}

const compacto = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

export function VendasPorProdutoPage({
  search,
  onSearchChange,
}: {
  search: VendasPorProdutoSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  const marcas = marcasApi.useOptions();
  const marcaOpcoes = useMemo(() => (marcas.data?.items ?? []).map((m) => ({ value: m.id, label: m.nome })), [marcas.data]);

  return (
    <RelatorioPage<VendasPorProdutoResposta, LinhaVendasPorProduto, TotaisVendasPorProduto>
      id={ID}
      search={search}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_VENDAS_POR_PRODUTO}
      chaveLinha={(l) => l.produtoId}
      placeholderBusca="Buscar por nome, código ou GTIN"
      filtros={
        <>
          <FiltroCategoria
            categoriaId={search.categoriaId}
            onChange={(categoriaId) => onSearchChange({ categoriaId, page: 1 })}
          />
          <SelectField
            label="Marca"
            hideLabel
            placeholder="Todas as marcas"
            size="xs"
            data={marcaOpcoes}
            value={search.marcaId ?? null}
            onChange={(v) => onSearchChange({ marcaId: v ?? undefined, page: 1 })}
            clearable
            searchable
            nothingFoundMessage="Nenhuma marca"
            w={180}
          />
          <SelectField
            label="Ordenar por"
            hideLabel
            size="xs"
            data={ORDEM_OPCOES}
            value={search.ordem ?? 'faturamento'}
            onChange={(v) => onSearchChange({ ordem: ehOrdem(v) && v !== 'faturamento' ? v : undefined, page: 1 })}
            allowDeselect={false}
            w={180}
          />
        </>
      }
      resumo={(d) => <ResumoVendasPorProduto totais={d.totais} />}
      grafico={(d) => <GraficoVendasPorProduto dados={d} />}
    />
  );
}
