/**
 * A figure of a totals bar: a small dimmed label over a value in reais ('—' while unknown),
 * optionally coloured (received in green, open in blue, overdue in red). Named by its label for
 * assistive technology and tests (`getByLabel('Em aberto')`).
 */
import { Paper, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';

export function FiguraValor({
  label,
  valor,
  cor,
  detalhe,
}: {
  label: string;
  valor: number | undefined;
  cor?: string | undefined;
  /** A dimmed line under the value ('líquido de taxas R$ 1.180,00'). */
  detalhe?: string | undefined;
}) {
  return (
    <Paper withBorder radius="md" px="md" py="xs" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={cor} style={{ whiteSpace: 'nowrap' }}>
        {valor === undefined ? '—' : formatMoney(valor)}
      </Text>
      {detalhe ? (
        <Text size="xs" c="dimmed">
          {detalhe}
        </Text>
      ) : null}
    </Paper>
  );
}
