/**
 * The chart's weight history (issue #19 item 6, DOMAIN.md §9 *histórico de peso*): a line of
 * every weight (GET /clinica/registros/historico-peso, seeded with the chart's own series), dates
 * dd/MM/yy on the axis, kg with a comma, and the latest weight with its change. A record with a
 * weight refreshes ['clinica'], so the line moves after a save.
 */
import { LineChart } from '@mantine/charts';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FichaAnimal, PontoPeso } from '@petshop/shared/clinica';
import { formatDate } from '@petshop/shared/format';
import { IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDataCurta, formatNumero, formatPeso } from './ficha-format.ts';
import { historicoPesoQueryOptions } from '../api/get-historico-peso.ts';

/** The chart's series loaded with the chart counts as fresh this long (no second request on open). */
const FRESCO_MS = 30_000;

/** '+0,3 kg' / '−1,25 kg' / 'sem variação' against the previous weight, null for a single one. */
export const variacaoPeso = (pontos: readonly PontoPeso[]): string | null => {
  if (pontos.length < 2) return null;
  const diff = Math.round((pontos.at(-1)!.peso - pontos.at(-2)!.peso) * 1000) / 1000;
  if (diff === 0) return 'sem variação';
  return `${diff > 0 ? '+' : '−'}${formatNumero(Math.abs(diff))} kg`;
};

export function PesoChart({ ficha, fichaAtualizadaEm }: { ficha: FichaAnimal; fichaAtualizadaEm: number }) {
  const { data: pontos = ficha.historicoPeso } = useQuery({
    ...historicoPesoQueryOptions(ficha.pet.id),
    initialData: ficha.historicoPeso,
    initialDataUpdatedAt: fichaAtualizadaEm,
    staleTime: FRESCO_MS,
  });
  const ultimo = pontos.at(-1);
  const variacao = variacaoPeso(pontos);
  const dados = pontos.map((p) => ({ dia: formatDataCurta(p.data), data: p.data, peso: p.peso }));

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="peso-titulo">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="peso-titulo">
            Peso
          </Title>
          {ultimo ? (
            <Text size="sm" data-testid="ultimo-peso">
              <strong>{formatPeso(ultimo.peso)}</strong>{' '}
              <Text span size="xs" c="dimmed">
                em {formatDate(ultimo.data)}
                {variacao ? ` (${variacao})` : ''}
              </Text>
            </Text>
          ) : null}
        </Group>
        {pontos.length === 0 ? (
          <Stack align="center" gap={2} py="md">
            <IconScale size={28} color="var(--mantine-color-gray-5)" />
            <Text size="sm" c="dimmed">
              Nenhum peso registrado
            </Text>
          </Stack>
        ) : (
          <div
            role="img"
            aria-label={`Histórico de peso: ${pontos.length} ${pontos.length === 1 ? 'pesagem' : 'pesagens'}`}
            data-pontos={pontos.length}
          >
            <LineChart
              h={180}
              data={dados}
              dataKey="dia"
              series={[{ name: 'peso', label: 'Peso', color: 'teal.6' }]}
              curveType="monotone"
              withDots
              dotProps={{ r: 3 }}
              activeDotProps={{ r: 5 }}
              valueFormatter={(v) => formatPeso(v)}
              yAxisProps={{ domain: ['auto', 'auto'], tickFormatter: (v: number) => formatNumero(v), width: 44 }}
              xAxisProps={{ minTickGap: 16 }}
              tooltipProps={{
                labelFormatter: (_label, payload) => {
                  const data = (payload?.[0]?.payload as { data?: string } | undefined)?.data;
                  return data ? formatDate(data) : '';
                },
              }}
            />
          </div>
        )}
      </Stack>
    </Card>
  );
}
