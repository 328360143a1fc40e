/**
 * The month's cash flow (GET /financeiro/resumo `fluxoCaixa`): money in and out per day as bars
 * (solid up to today: realised; light after: expected from open títulos) and the running
 * balance as a line on the right axis (solid while realised, dashed while expected).
 */
import { CompositeChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { ResumoFinanceiro } from '@petshop/shared/financeiro';
import { formatDate, formatMoney } from '@petshop/shared/format';

type Dia = ResumoFinanceiro['fluxoCaixa'][number];

type Ponto = {
  dia: string;
  data: string;
  entradas: number | null;
  saidas: number | null;
  entradasPrevistas: number | null;
  saidasPrevistas: number | null;
  saldo: number | null;
  saldoPrevisto: number | null;
};

/** One chart point per day; the expected balance line starts at the last realised day so both lines join. */
export const pontosFluxo = (dias: readonly Dia[]): Ponto[] => {
  const ultimoRealizado = dias.reduce((idx, d, i) => (d.previsto ? idx : i), -1);
  return dias.map((d, i) => ({
    dia: d.data.slice(8, 10),
    data: d.data,
    entradas: d.previsto ? null : d.entradas,
    saidas: d.previsto ? null : d.saidas,
    entradasPrevistas: d.previsto ? d.entradas : null,
    saidasPrevistas: d.previsto ? d.saidas : null,
    saldo: d.previsto ? null : d.saldo,
    saldoPrevisto: d.previsto || i === ultimoRealizado ? d.saldo : null,
  }));
};

const compacto = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

export function FluxoCaixaChart({ dias, hoje }: { dias: readonly Dia[]; hoje: string }) {
  if (dias.length === 0 || dias.every((d) => d.entradas === 0 && d.saidas === 0 && d.saldo === 0))
    return (
      <Stack align="center" py="xl" gap={2}>
        <Text fw={500}>Sem movimento neste mês</Text>
        <Text size="sm" c="dimmed">
          Recebimentos, pagamentos e vencimentos aparecem aqui.
        </Text>
      </Stack>
    );
  const pontos = pontosFluxo(dias);
  const temPrevisto = dias.some((d) => d.previsto);
  return (
    <CompositeChart
      h={300}
      data={pontos}
      dataKey="dia"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      valueFormatter={(v) => formatMoney(v)}
      yAxisProps={{ tickFormatter: (v: number) => compacto(v), width: 56 }}
      // The balance (tens of thousands) on its own axis, so the daily bars keep their height.
      withRightYAxis
      rightYAxisProps={{ tickFormatter: (v: number) => compacto(v), width: 56 }}
      referenceLines={dias.some((d) => d.data === hoje) ? [{ x: hoje.slice(8, 10), label: 'Hoje', color: 'gray.6' }] : []}
      tooltipProps={{
        labelFormatter: (_label, payload) => {
          const data = (payload?.[0]?.payload as Ponto | undefined)?.data;
          return data ? formatDate(data) : '';
        },
      }}
      maxBarWidth={18}
      // Realised and expected never fall on the same day: stacked, each day has one bar in and one out.
      barProps={(s) => ({ stackId: s.name.startsWith('entradas') ? 'entradas' : 'saidas' })}
      series={[
        { name: 'entradas', label: 'Entradas', color: 'teal.6', type: 'bar' },
        { name: 'saidas', label: 'Saídas', color: 'red.6', type: 'bar' },
        ...(temPrevisto
          ? ([
              { name: 'entradasPrevistas', label: 'Entradas previstas', color: 'teal.2', type: 'bar' },
              { name: 'saidasPrevistas', label: 'Saídas previstas', color: 'red.2', type: 'bar' },
            ] as const)
          : []),
        { name: 'saldo', label: 'Saldo (eixo à direita)', color: 'blue.7', type: 'line', yAxisId: 'right' },
        ...(temPrevisto
          ? ([
              {
                name: 'saldoPrevisto',
                label: 'Saldo previsto',
                color: 'blue.4',
                type: 'line',
                strokeDasharray: '5 4',
                yAxisId: 'right',
              },
            ] as const)
          : []),
      ]}
      curveType="linear"
      withDots={false}
      connectNulls={false}
      aria-label="Gráfico do fluxo de caixa"
    />
  );
}
