import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { ResumoVenda } from '@petshop/shared/venda';

type Total = { label: string; value: string; color?: string };

const totais = (r: ResumoVenda): Total[] => [
  { label: 'Vendas', value: String(r.quantidade) },
  { label: 'Bruto', value: formatMoney(r.valorBruto) },
  { label: 'Descontos', value: formatMoney(r.valorDescontos) },
  { label: 'Líquido', value: formatMoney(r.valorLiquido) },
  { label: 'Pago', value: formatMoney(r.valorPago) },
  { label: 'Em aberto', value: formatMoney(r.valorEmAberto), color: r.valorEmAberto > 0 ? 'orange.8' : undefined },
  { label: 'Ticket médio', value: formatMoney(r.ticketMedio) },
];

/** The totals of the list's filters (GET /vendas/resumo-venda), in one line that wraps. */
export function ResumoVendasStrip({ resumo, isError }: { resumo: ResumoVenda | undefined; isError: boolean }) {
  if (isError) {
    return (
      <Text size="sm" c="dimmed">
        Não foi possível carregar os totais do período.
      </Text>
    );
  }
  return (
    <Paper bg="gray.0" radius="md" p="sm" aria-label="Totais do período" component="section">
      <Group gap="xl" wrap="wrap">
        {resumo
          ? totais(resumo).map((t) => (
              <Stack key={t.label} gap={0}>
                <Text size="xs" c="dimmed">
                  {t.label}
                </Text>
                <Text fw={600} c={t.color} aria-label={t.label} style={{ whiteSpace: 'nowrap' }}>
                  {t.value}
                </Text>
              </Stack>
            ))
          : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={32} width={90} radius="sm" />)}
      </Group>
    </Paper>
  );
}
