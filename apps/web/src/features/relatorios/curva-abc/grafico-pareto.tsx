/**
 * The Pareto chart of an ABC curve (issue #20), shared by the products' and customers' screens:
 * bars = each item's revenue in rank order, coloured by class; line = the cumulative share on a
 * right axis 0–100 %, with reference lines at 80 % and 95 % (the classes' limits). A big curve
 * comes sampled (≤ 100 items, the class edges kept): the caption says so.
 */
import { CompositeChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatDecimal, formatMoney } from '@petshop/shared/format';
import type { PontoPareto } from '@petshop/shared/relatorios-abc';
import { ClasseBadge } from './classe-abc.tsx';
import { COR_CLASSE, LINHAS_PARETO, pontosPareto, type PontoGrafico } from './pareto.ts';

const compacto = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

/** The tooltip of a point: the item, its rank and class, its revenue and the cumulative share. */
function Dica({ ponto }: { ponto: PontoGrafico | undefined }) {
  if (!ponto) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm" maw={280}>
      <Group gap={6} wrap="nowrap">
        <ClasseBadge classe={ponto.classe} />
        <Text size="sm" fw={600} lineClamp={2}>
          {ponto.posicao} {ponto.nome}
        </Text>
      </Group>
      <Text size="sm">Faturamento: {formatMoney(ponto.faturamento)}</Text>
      <Text size="sm">Acumulado: {formatDecimal(ponto.acumulado, 2)} %</Text>
    </Paper>
  );
}

export function GraficoPareto({
  pareto,
  itensCurva,
  substantivo,
}: {
  pareto: readonly PontoPareto[];
  /** How many items the whole curve has (the chart may show a sample). */
  itensCurva: number;
  /** 'produtos' or 'clientes' (the caption). */
  substantivo: string;
}) {
  const dados = pontosPareto(pareto);
  return (
    <Stack gap={4} role="figure" aria-label="Gráfico de Pareto: faturamento e participação acumulada">
      <Text fw={600} size="sm">
        Curva de Pareto
      </Text>
      {dados.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma venda no período.
        </Text>
      ) : (
        <>
          {dados.length < itensCurva ? (
            <Text size="xs" c="dimmed">
              {dados.length} de {itensCurva} {substantivo}, em ordem de faturamento (amostra com o início e o fim de cada classe).
            </Text>
          ) : null}
          <CompositeChart
            h={300}
            data={dados}
            dataKey="posicao"
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 32 }}
            withRightYAxis
            yAxisProps={{ tickFormatter: (v: number) => compacto(v), width: 56 }}
            rightYAxisProps={{
              domain: [0, 100],
              ticks: [0, 20, 40, 60, 80, 100],
              tickFormatter: (v: number) => `${v} %`,
              width: 60,
            }}
            referenceLines={LINHAS_PARETO.map((l) => ({
              y: l.y,
              yAxisId: 'right',
              label: l.rotulo,
              labelPosition: 'insideTopRight',
              color: 'gray.6',
              strokeDasharray: '4 4',
            }))}
            series={[
              { name: 'A', label: 'Classe A', type: 'bar', color: `${COR_CLASSE.A}.6` },
              { name: 'B', label: 'Classe B', type: 'bar', color: `${COR_CLASSE.B}.6` },
              { name: 'C', label: 'Classe C', type: 'bar', color: `${COR_CLASSE.C}.6` },
              { name: 'acumulado', label: 'Acumulado (%)', type: 'line', color: 'blue.7', yAxisId: 'right' },
            ]}
            barProps={{ stackId: 'faturamento' }}
            withDots={false}
            curveType="linear"
            maxBarWidth={24}
            tooltipProps={{
              content: ({ payload }) => <Dica ponto={(payload?.[0] as { payload?: PontoGrafico } | undefined)?.payload} />,
            }}
          />
        </>
      )}
    </Stack>
  );
}
