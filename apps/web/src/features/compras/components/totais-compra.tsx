import { Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { ReactNode } from 'react';

/** A label and its value on one line, the value right-aligned (named by the label for screen readers). */
export function LinhaValor({ label, valor }: { label: string; valor: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" aria-label={label} ta="right">
        {valor}
      </Text>
    </Group>
  );
}

/**
 * The totals of a purchase (reais): products, freight, other costs, discount and the total.
 * `antes` goes above the first line, `depois` between the discount and the total.
 */
export function TotaisCompra({
  totais,
  antes,
  depois,
}: {
  totais: { valorProdutos: number; valorFrete: number; valorOutros: number; valorDesconto: number; valorTotal: number };
  antes?: ReactNode;
  depois?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {antes}
      <LinhaValor label="Produtos" valor={formatMoney(totais.valorProdutos)} />
      <LinhaValor label="Frete" valor={formatMoney(totais.valorFrete)} />
      <LinhaValor label="Outras despesas" valor={formatMoney(totais.valorOutros)} />
      <LinhaValor label="Desconto" valor={`−${formatMoney(totais.valorDesconto)}`} />
      {depois}
      <Group justify="space-between">
        <Text fw={700}>Total da compra</Text>
        <Text fw={700} fz="lg" aria-label="Total da compra">
          {formatMoney(totais.valorTotal)}
        </Text>
      </Group>
    </Stack>
  );
}
