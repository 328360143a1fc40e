/**
 * The revenue charts of the home page (issue #20 item 2): the last 30 days' revenue per day
 * (bars, R$ in the tooltip, today marked) and this month's revenue by payment method (donut
 * with its legend and values). Data from GET /indicadores `faturamento`.
 */
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '@petshop/shared/format';
import type { FaturamentoIndicador } from '@petshop/shared/indicadores';

const compacto = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

const CORES = ['teal.6', 'blue.6', 'violet.6', 'orange.6', 'pink.6', 'cyan.6', 'lime.6', 'gray.6'];

type Ponto = { dia: string; data: string; valor: number };

function UltimosDias({ f }: { f: FaturamentoIndicador }) {
  const pontos: Ponto[] = f.ultimos30Dias.map((d) => ({ dia: formatDate(d.data).slice(0, 5), data: d.data, valor: d.valor }));
  const vazio = pontos.every((p) => p.valor === 0);
  return (
    <Card component="section" withBorder radius="md" padding="md" aria-labelledby="faturamento-30-dias">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h5" id="faturamento-30-dias">
            Faturamento dos últimos 30 dias
          </Title>
          <Text size="xs" c="dimmed">
            Total: {formatMoney(f.ultimos30Dias.reduce((s, d) => s + d.valor, 0))}
          </Text>
        </Group>
        {vazio ? (
          <Text size="sm" c="dimmed" py="xl" ta="center">
            Nenhuma venda nos últimos 30 dias.
          </Text>
        ) : (
          <BarChart
            h={240}
            data={pontos}
            dataKey="dia"
            series={[{ name: 'valor', label: 'Faturamento', color: 'teal.6' }]}
            valueFormatter={(v) => formatMoney(v)}
            yAxisProps={{ tickFormatter: (v: number) => compacto(v), width: 48 }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            tooltipProps={{
              labelFormatter: (_label, payload) => {
                const data = (payload?.[0]?.payload as Ponto | undefined)?.data;
                return data ? formatDate(data) : '';
              },
            }}
            maxBarWidth={16}
          />
        )}
        <Text size="xs" c="dimmed">
          {f.criterio}
        </Text>
      </Stack>
    </Card>
  );
}

function PorFormaPagamento({ f }: { f: FaturamentoIndicador }) {
  const fatias = f.porFormaPagamento.map((p, i) => ({ name: p.nome, value: p.valor, color: CORES[i % CORES.length]! }));
  return (
    <Card component="section" withBorder radius="md" padding="md" aria-labelledby="faturamento-formas">
      <Stack gap="sm">
        <Title order={3} size="h5" id="faturamento-formas">
          Recebido no mês por forma de pagamento
        </Title>
        {fatias.length === 0 ? (
          <Text size="sm" c="dimmed" py="xl" ta="center">
            Nenhum pagamento de venda neste mês.
          </Text>
        ) : (
          <Group gap="lg" align="center" wrap="wrap">
            <DonutChart
              data={fatias}
              size={160}
              thickness={24}
              valueFormatter={formatMoney}
              tooltipDataSource="segment"
              pieChartProps={{ accessibilityLayer: false }}
              pieProps={{ rootTabIndex: -1 }}
              aria-hidden
            />
            <Stack
              gap={6}
              style={{ flex: '1 1 180px', minWidth: 0 }}
              component="ul"
              p={0}
              m={0}
              aria-label="Recebido por forma de pagamento"
            >
              {fatias.map((s) => (
                <Group key={s.name} justify="space-between" gap="xs" wrap="nowrap" component="li" style={{ listStyle: 'none' }}>
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Box
                      w={10}
                      h={10}
                      bg={`var(--mantine-color-${s.color.replace('.', '-')})`}
                      style={{ borderRadius: '50%', flex: 'none' }}
                      aria-hidden
                    />
                    <Text size="sm" truncate>
                      {s.name}
                    </Text>
                  </Group>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(s.value)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Pagamentos das vendas finalizadas no mês (dinheiro sem o troco, frete incluído); devoluções não são abatidas aqui.
        </Text>
      </Stack>
    </Card>
  );
}

export function FaturamentoCharts({ f }: { f: FaturamentoIndicador }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <UltimosDias f={f} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <PorFormaPagamento f={f} />
      </Grid.Col>
    </Grid>
  );
}
