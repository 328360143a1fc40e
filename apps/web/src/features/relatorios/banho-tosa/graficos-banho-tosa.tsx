/**
 * The charts of the bath-and-grooming reports (issue #20):
 * - per day: stacked bars of the appointments by status and the revenue as a line on the right
 *   axis (CompositeChart), beside a donut of the appointments by type;
 * - per professional: revenue (left axis) and pets served (right axis) as bars.
 */
import { CompositeChart, DonutChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { STATUS_ATENDIMENTO, STATUS_ATENDIMENTO_IDS, type StatusAtendimento } from '@petshop/shared/agenda';
import { formatDate, formatMoney } from '@petshop/shared/format';
import type { AtividadesBanhoTosaResposta, BanhoTosaPorDiaResposta } from '@petshop/shared/relatorios-banho-tosa';

/** The colour of each status in the stacked bars (the agenda's reading: done in green, lost in red/grey). */
export const COR_STATUS: Record<StatusAtendimento, string> = {
  Agendado: 'blue.3',
  Confirmado: 'blue.6',
  EmAtendimento: 'yellow.5',
  Pronto: 'teal.4',
  Finalizado: 'green.7',
  Cancelado: 'gray.5',
  NaoCompareceu: 'red.6',
};

const compacto = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

type Entrada = { name?: string | number; value?: unknown; color?: string; payload?: { data?: string } };

/**
 * The tooltip of both charts: the day (or the professional) and each series' value, money for
 * the revenue and a count for the rest (Mantine's one valueFormatter cannot tell them apart).
 */
function Dica({ titulo, entradas, rotulos }: { titulo: string; entradas: readonly Entrada[]; rotulos: Record<string, string> }) {
  if (entradas.length === 0) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600} mb={4}>
        {titulo}
      </Text>
      {entradas.map((e) => {
        const nome = String(e.name ?? '');
        const valor = Number(e.value ?? 0);
        return (
          <Group key={nome} justify="space-between" gap="md" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <span aria-hidden style={{ width: 8, height: 8, borderRadius: 8, background: e.color }} />
              <Text size="xs">{rotulos[nome] ?? nome}</Text>
            </Group>
            <Text size="xs" fw={500}>
              {nome === 'faturamento' ? formatMoney(valor) : String(valor)}
            </Text>
          </Group>
        );
      })}
    </Paper>
  );
}

type PontoDia = { dia: string; data: string; faturamento: number } & Record<StatusAtendimento, number>;

/** One point per day of the answer: 'dd/MM' label, each status's count and the revenue. */
export const pontosPorDia = (grafico: BanhoTosaPorDiaResposta['grafico']): PontoDia[] =>
  grafico.map((p) => ({
    dia: `${p.data.slice(8, 10)}/${p.data.slice(5, 7)}`,
    data: p.data,
    faturamento: p.faturamento,
    ...p.porStatus,
  }));

const ROTULOS_DIA: Record<string, string> = { ...STATUS_ATENDIMENTO, faturamento: 'Faturamento' };

/** The per-day chart and the by-type donut (an empty period says so instead). */
export function GraficoBanhoTosaPorDia({ dados }: { dados: BanhoTosaPorDiaResposta }) {
  if (dados.grafico.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Sem atendimentos de banho e tosa no período
      </Text>
    );
  // Only the statuses that happened get a bar series (and a legend entry).
  const presentes = STATUS_ATENDIMENTO_IDS.filter((s) => dados.totais.porStatus[s] > 0);
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={4} style={{ flex: '3 1 480px', minWidth: 0 }}>
        <Text fw={600} size="sm">
          Atendimentos por dia e status, e faturamento
        </Text>
        <div role="img" aria-label="Gráfico de atendimentos por dia e status, com o faturamento">
          <CompositeChart
            h={300}
            data={pontosPorDia(dados.grafico)}
            dataKey="dia"
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 48 }}
            maxBarWidth={28}
            barProps={() => ({ stackId: 'status' })}
            withRightYAxis
            yAxisProps={{ allowDecimals: false, width: 36 }}
            rightYAxisProps={{ tickFormatter: (v: number) => compacto(v), width: 56 }}
            tooltipProps={{
              content: ({ payload }) => {
                const entradas = (payload ?? []) as readonly Entrada[];
                const data = entradas[0]?.payload?.data;
                return <Dica titulo={data ? formatDate(data) : ''} entradas={entradas} rotulos={ROTULOS_DIA} />;
              },
            }}
            series={[
              ...presentes.map((s) => ({ name: s, label: STATUS_ATENDIMENTO[s], color: COR_STATUS[s], type: 'bar' as const })),
              {
                name: 'faturamento',
                label: 'Faturamento (R$, eixo à direita)',
                color: 'violet.7',
                type: 'line' as const,
                yAxisId: 'right',
              },
            ]}
            curveType="linear"
            withDots={dados.grafico.length <= 31}
          />
        </div>
      </Stack>
      <Stack gap={4} align="center" style={{ flex: '1 1 220px' }}>
        <Text fw={600} size="sm">
          Por tipo de atendimento
        </Text>
        <div role="img" aria-label="Gráfico de atendimentos por tipo">
          <DonutChart
            size={160}
            thickness={26}
            withLabelsLine={false}
            withTooltip
            tooltipDataSource="segment"
            chartLabel={`${dados.totais.atendimentos}`}
            data={dados.tipos.map((t) => ({ name: t.nome, value: t.atendimentos, color: t.cor }))}
          />
        </div>
        <Stack gap={2} w="100%">
          {dados.tipos.map((t) => (
            <Group key={t.tipoAtendimentoId} justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: t.cor, flexShrink: 0 }} />
                <Text size="sm">{t.nome}</Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t.atendimentos} · {formatMoney(t.faturamento)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Group>
  );
}

const ROTULOS_PROFISSIONAL: Record<string, string> = { faturamento: 'Faturamento', pets: 'Pets' };

/** Revenue (left axis) and pets (right axis) per professional: every professional of the answer, not only the page's. */
export function GraficoPorResponsavel({ dados }: { dados: AtividadesBanhoTosaResposta }) {
  if (dados.grafico.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Sem atendimentos de banho e tosa no período
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Faturamento e pets por profissional
      </Text>
      <div role="img" aria-label="Gráfico de faturamento e pets por profissional">
        <CompositeChart
          h={280}
          data={dados.grafico}
          dataKey="nome"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          maxBarWidth={40}
          withRightYAxis
          yAxisProps={{ tickFormatter: (v: number) => compacto(v), width: 56 }}
          rightYAxisProps={{ allowDecimals: false, width: 36 }}
          tooltipProps={{
            content: ({ payload, label }) => (
              <Dica
                titulo={String(label ?? '')}
                entradas={(payload ?? []) as readonly Entrada[]}
                rotulos={ROTULOS_PROFISSIONAL}
              />
            ),
          }}
          series={[
            { name: 'faturamento', label: 'Faturamento (R$)', color: 'violet.6', type: 'bar' },
            { name: 'pets', label: 'Pets (eixo à direita)', color: 'teal.6', type: 'bar', yAxisId: 'right' },
          ]}
        />
      </div>
    </Stack>
  );
}
