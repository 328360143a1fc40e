/**
 * The expiry report's chart (issue #20): the value at cost of the lots matched per bucket of days
 * to expiry (Vencidos, 0–7, 8–15, 16–30, 31–60, 61+), expired in red, up to 15 days in orange
 * (yellow 5, not 6: the theme darkens yellow 6–9 for text contrast, theme-colors.ts).
 */
import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { FaixaVencimento, FaixaVencimentoValor } from '@petshop/shared/relatorios-estoque';

/** The colour of each bucket: red expired, orange up to 15 days (the rows' colours), then calmer. */
export const COR_FAIXA: Record<FaixaVencimento, string> = {
  vencidos: 'red.7',
  '0-7': 'orange.7',
  '8-15': 'orange.5',
  '16-30': 'yellow.5',
  '31-60': 'blue.5',
  '61+': 'blue.3',
};

const compacto = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

/** The chart's points: one per bucket, in order, with its colour. */
export const pontosDoGrafico = (faixas: FaixaVencimentoValor[]) =>
  faixas.map((f) => ({ faixa: f.rotulo, valorCusto: f.valorCusto, lotes: f.lotes, color: COR_FAIXA[f.faixa] }));

export function GraficoVencimento({ faixas }: { faixas: FaixaVencimentoValor[] }) {
  const vazio = faixas.every((f) => f.lotes === 0);
  return (
    <Stack gap="xs" role="figure" aria-label="Valor a custo por faixa de vencimento">
      <Text fw={600}>Valor a custo por faixa de vencimento</Text>
      {vazio ? (
        <Text size="sm" c="dimmed">
          Nenhum lote nas faixas deste filtro.
        </Text>
      ) : (
        <BarChart
          h={240}
          data={pontosDoGrafico(faixas)}
          dataKey="faixa"
          series={[{ name: 'valorCusto', label: 'Valor a custo', color: 'blue.5' }]}
          valueFormatter={(v) => formatMoney(v)}
          yAxisProps={{ tickFormatter: (v: number) => compacto(v), width: 56 }}
          withBarValueLabel
          valueLabelProps={{ formatter: (v: unknown) => (Number(v) > 0 ? formatMoney(Number(v)) : '') }}
        />
      )}
    </Stack>
  );
}
