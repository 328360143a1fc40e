/**
 * /relatorios/vendas-por-categoria (issue #20; spec §2, §7 "Reports"; GET /relatorios/vendas-por-categoria):
 * the category tree with, for each category (its sub-categories included), quantity, revenue,
 * cost, margin (R$ and %) and share of the period's revenue; rows indented by level (the
 * top level in bold), "Sem categoria" last; a donut of the revenue by top-level category. Spec
 * §2: no filters but the period (and the search on the category's name).
 */
import { DonutChart } from '@mantine/charts';
import { Box, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type {
  LinhaVendasPorCategoria,
  TotaisVendasPorCategoria,
  VendasPorCategoriaResposta,
} from '@petshop/shared/relatorios-vendas';
import type { RelatorioSearch } from '../relatorio-search.ts';
import { formatarCelula } from '../components/formatar-celula.ts';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';

const ID = 'vendas-por-categoria';

/** Indentation per level of the tree, in px. */
const RECUO = 20;

/** The category's name indented by its level; the path in the title (hover) and for screen readers. */
function NomeCategoria({ linha }: { linha: LinhaVendasPorCategoria }) {
  return (
    <Text
      size="sm"
      fw={linha.nivel === 0 ? 600 : 400}
      c={linha.categoriaId === null ? 'dimmed' : undefined}
      pl={linha.nivel * RECUO}
      title={linha.caminho}
      aria-label={linha.caminho}
    >
      {linha.nivel > 0 ? '↳ ' : ''}
      {linha.nome}
    </Text>
  );
}

export const COLUNAS_VENDAS_POR_CATEGORIA: ColunaTela<LinhaVendasPorCategoria, TotaisVendasPorCategoria>[] = [
  { titulo: 'Categoria', valor: (l) => l.caminho, render: (l) => <NomeCategoria linha={l} /> },
  { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.quantidade, total: (t) => t.quantidade },
  { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento },
  { titulo: 'Custo', tipo: 'dinheiro', valor: (l) => l.custo, total: (t) => t.custo, visibleFrom: 'sm' },
  { titulo: 'Margem', tipo: 'dinheiro', valor: (l) => l.margem, total: (t) => t.margem },
  { titulo: 'Margem (%)', tipo: 'percentual', valor: (l) => l.margemPercentual, total: (t) => t.margemPercentual },
  { titulo: 'Participação', tipo: 'percentual', valor: (l) => l.participacao, total: (t) => t.participacao, visibleFrom: 'sm' },
];

const CORES = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6', 'yellow.7', 'red.6'];

/** The donut of the revenue by top-level category, with a legend of name, value and share. */
export function GraficoVendasPorCategoria({ dados }: { dados: VendasPorCategoriaResposta }) {
  // Negative revenue (only returns) has no slice.
  const fatias = dados.grafico
    .filter((f) => f.faturamento > 0)
    .map((f, i) => ({
      name: f.nome,
      value: f.faturamento,
      color: f.categoriaId === null ? 'gray.5' : CORES[i % CORES.length]!,
      participacao: f.participacao,
    }));
  if (fatias.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Sem vendas no período
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Faturamento por categoria principal
      </Text>
      <Group align="center" gap="xl" wrap="wrap">
        <DonutChart
          data={fatias}
          size={180}
          thickness={28}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={(v) => formatMoney(v)}
          chartLabel={formatMoney(dados.totais.faturamento)}
          role="img"
          aria-label="Gráfico do faturamento por categoria principal"
        />
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Legenda">
          {fatias.map((f) => (
            <Group key={f.name} component="li" gap={8} wrap="nowrap">
              <Box w={10} h={10} style={{ borderRadius: 10, background: `var(--mantine-color-${f.color.replace('.', '-')})` }} />
              <Text size="sm">{f.name}</Text>
              <Text size="sm" fw={600}>
                {formatMoney(f.value)}
              </Text>
              <Text size="xs" c="dimmed">
                {f.participacao === null ? '' : formatarCelula(f.participacao, 'percentual')}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Stack>
  );
}

export function VendasPorCategoriaPage({
  search,
  onSearchChange,
}: {
  search: RelatorioSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  return (
    <RelatorioPage<VendasPorCategoriaResposta, LinhaVendasPorCategoria, TotaisVendasPorCategoria>
      id={ID}
      search={search}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_VENDAS_POR_CATEGORIA}
      chaveLinha={(l) => l.categoriaId ?? 'sem-categoria'}
      placeholderBusca="Buscar categoria"
      grafico={(d) => <GraficoVendasPorCategoria dados={d} />}
    />
  );
}
