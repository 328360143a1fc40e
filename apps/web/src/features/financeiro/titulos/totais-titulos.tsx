/**
 * The totals of the filtered list (every page, as the API sums them): value, settled, still open
 * and overdue, in reais.
 */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TotaisTitulos } from '@petshop/shared/financeiro';
import { formatMoney } from '@petshop/shared/format';

const figura = (label: string, valor: number | undefined, cor?: string) => (
  <Paper withBorder radius="md" px="md" py="xs" key={label} aria-label={label}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700} size="lg" c={cor} style={{ whiteSpace: 'nowrap' }}>
      {valor === undefined ? '—' : formatMoney(valor)}
    </Text>
  </Paper>
);

export function TotaisTitulosBar({ totais, pagoLabel }: { totais: TotaisTitulos | undefined; pagoLabel: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label="Totais da lista">
      {figura('Valor', totais?.valor)}
      {figura(pagoLabel, totais?.valorPago, 'green.8')}
      {figura('Em aberto', totais?.valorEmAberto, 'blue.8')}
      {figura('Vencido', totais?.valorVencido, totais && totais.valorVencido > 0 ? 'red.8' : undefined)}
    </SimpleGrid>
  );
}
