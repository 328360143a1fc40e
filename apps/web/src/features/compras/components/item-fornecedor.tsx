/** What the invoice said of an imported line, in one block (description, codes, quantity × price). */
import { Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { Fornecimento } from '../compra-values.ts';
import { formatCusto, formatQuantidadeNota } from '../compras-format.ts';

export function ItemFornecedor({ f }: { f: Fornecimento }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {f.descricao}
        </Text>
        <Text size="xs" c="dimmed">
          {[
            f.codigoFornecedor ? `Código do fornecedor ${f.codigoFornecedor}` : null,
            f.gtin ? `GTIN ${f.gtin}` : null,
            f.ncm ? `NCM ${f.ncm}` : null,
            f.cest ? `CEST ${f.cest}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm">
          Na nota: {formatQuantidadeNota(f.quantidadeFornecedor, f.unidadeFornecedor)} × {formatCusto(f.valorUnitarioFornecedor)}{' '}
          = {formatMoney(f.quantidadeFornecedor * f.valorUnitarioFornecedor)}
        </Text>
      </Stack>
    </Paper>
  );
}
