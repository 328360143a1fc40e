/**
 * The charts of /relatorios/novos-clientes (issue #20): new customers per day (periods up to 31
 * days) or per week, stacked by how they found the shop, beside a donut of the period by the same
 * answer. The colours follow the donut's order (the most common answer first); 'Não informado'
 * is grey.
 */
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import { COMO_CONHECEU_NAO_INFORMADO, type NovosClientesResposta } from '@petshop/shared/relatorios-clientes';

const PALETA = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'yellow.6', 'red.6'];

/** The colour of each answer, in the answer's order of `origens`. */
export const coresDasOrigens = (origens: NovosClientesResposta['origens']): Record<string, string> => {
  const cores: Record<string, string> = {};
  let i = 0;
  for (const o of origens) {
    cores[o.comoConheceu] = o.comoConheceu === COMO_CONHECEU_NAO_INFORMADO ? 'gray.5' : (PALETA[i++ % PALETA.length] ?? 'blue.6');
  }
  return cores;
};

const ddMM = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** One bar per day/week: the label ('05/10' or '29/09–05/10') and the count of each answer. */
export const barrasNovosClientes = (dados: NovosClientesResposta): Record<string, string | number>[] =>
  dados.grafico.map((g) => ({
    rotulo: g.inicio === g.fim ? ddMM(g.inicio) : `${ddMM(g.inicio)}–${ddMM(g.fim)}`,
    ...Object.fromEntries(dados.origens.map((o) => [o.comoConheceu, g.porOrigem[o.comoConheceu] ?? 0])),
  }));

export function GraficosNovosClientes({ dados }: { dados: NovosClientesResposta }) {
  if (dados.totais.clientes === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Nenhum cliente cadastrado no período
      </Text>
    );
  const cores = coresDasOrigens(dados.origens);
  const porDia = dados.agrupamento === 'dia';
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={4} style={{ flex: '3 1 480px', minWidth: 0 }}>
        <Text fw={600} size="sm">
          Novos clientes por {porDia ? 'dia' : 'semana'}, por como conheceram a loja
        </Text>
        <div role="img" aria-label={`Gráfico de novos clientes por ${porDia ? 'dia' : 'semana'} e por como conheceram a loja`}>
          <BarChart
            h={280}
            data={barrasNovosClientes(dados)}
            dataKey="rotulo"
            type="stacked"
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 48 }}
            maxBarWidth={32}
            yAxisProps={{ allowDecimals: false, width: 32 }}
            series={dados.origens.map((o) => ({ name: o.comoConheceu, color: cores[o.comoConheceu] ?? 'blue.6' }))}
          />
        </div>
      </Stack>
      <Stack gap={4} align="center" style={{ flex: '1 1 220px' }}>
        <Text fw={600} size="sm">
          Como conheceram a loja
        </Text>
        <div role="img" aria-label="Gráfico de rosca dos novos clientes por como conheceram a loja">
          <DonutChart
            size={180}
            thickness={28}
            withLabelsLine={false}
            withTooltip
            tooltipDataSource="segment"
            chartLabel={`${dados.totais.clientes} ${dados.totais.clientes === 1 ? 'cliente' : 'clientes'}`}
            data={dados.origens.map((o) => ({
              name: o.comoConheceu,
              value: o.clientes,
              color: cores[o.comoConheceu] ?? 'blue.6',
            }))}
          />
        </div>
        <Stack gap={2} w="100%" maw={260}>
          {dados.origens.map((o) => (
            <Group key={o.comoConheceu} justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 10,
                    background: `var(--mantine-color-${(cores[o.comoConheceu] ?? 'blue.6').replace('.', '-')})`,
                  }}
                />
                <Text size="xs">{o.comoConheceu}</Text>
              </Group>
              <Text size="xs" fw={500}>
                {o.clientes} ({o.comCompra} com compra)
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Group>
  );
}
