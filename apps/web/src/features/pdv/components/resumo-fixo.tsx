import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { ReactNode } from 'react';
import { numero, type RegistroVenda } from '../registro.ts';

/**
 * The total and what is still open (or the change), beside the finalise button (`children`),
 * pinned at the bottom of a one-column till (tablet, phone) so that they never scroll away
 * (issue #15 item 4). The full totals stay in the page (TotaisPanel).
 */
export function ResumoFixo({ registro, children }: { registro: RegistroVenda; children: ReactNode }) {
  const aberto = numero(registro.valorEmAberto);
  const troco = numero(registro.valorTroco);
  const orcamento = registro.tipo === 'Orcamento';
  return (
    <Paper withBorder radius="md" shadow="sm" px="sm" py={6} mb={4} aria-label="Resumo da venda">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text size="sm" fw={600}>
              Total
            </Text>
            <Text fw={800} fz={24} lh={1.15} data-testid="pdv-resumo-total" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(numero(registro.valorLiquido))}
            </Text>
          </Group>
          {orcamento ? null : troco > 0 && aberto === 0 ? (
            <Text size="sm" fw={600} c="blue.8">
              Troco {formatMoney(troco)}
            </Text>
          ) : (
            <Text size="sm" fw={600} c={aberto > 0 ? 'red.8' : 'teal.8'}>
              Falta {formatMoney(aberto)}
            </Text>
          )}
        </Stack>
        {children}
      </Group>
    </Paper>
  );
}
